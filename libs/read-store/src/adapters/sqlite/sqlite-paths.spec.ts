import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Document, DocumentChange, DuplicateKeyError } from '../../read-store';
import { TENANT_A, TENANT_B } from '../../testing/contract/fixtures';
import { holdsArraySql, keySegments } from './sqlite-keys';
import { holdsArray } from './sqlite-paths';
import { SqliteReadStore } from './sqlite-read-store.adapter';
import { collectionTable } from './sqlite-tables';

const directory = mkdtempSync(join(tmpdir(), 'read-store-paths-'));
let files = 0;
const freshPath = (): string => join(directory, `store-${++files}.sqlite`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const hasArrays = (path: string, collection: string, tracked: string): number => {
  const db = new Database(path, { readonly: true });
  const flag = db.prepare<[string, string], number>('SELECT has_arrays FROM read_store_paths WHERE collection = ? AND path = ?').pluck().get(collection, tracked);
  db.close();
  return flag!;
};

const triggersOf = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  const names = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all();
  db.close();
  return names;
};

describe('path tracking', () => {

  it('flags a dotted path when an array lies anywhere along it, on insert and on update, and only then', async () => {
    const cases: [document: Record<string, unknown>, flagged: boolean][] = [
      [{ a: { b: { c: 1 } } }, false],
      [{ a: 'x', b: [1] }, false],
      [{ a: { b: 'y' } }, false],
      [{ a: [{ b: { c: 1 } }] }, true],
      [{ a: { b: [{ c: 1 }] } }, true],
      [{ a: { b: { c: [1] } } }, true],
    ];
    for (const [index, [document, flagged]] of cases.entries()) {
      const path = freshPath();
      const store = SqliteReadStore.open({ path });
      await store.ensureIndexes('things', [{ keys: { 'a.b.c': 1 } }]);
      const things = store.scope(TENANT_A).collection('things');
      await things.upsert({ _id: `t${index}`, ...document });
      expect([index, hasArrays(path, 'things', 'a.b.c')]).toEqual([index, flagged ? 1 : 0]);
      await things.upsert({ _id: 'plain', a: { b: { c: 2 } } });
      await things.updateOne({ _id: 'plain' }, { $set: document });
      expect([index, hasArrays(path, 'things', 'a.b.c')]).toEqual([index, flagged ? 1 : 0]);
      await store.close();
    }
  });

  it('flags a path whose documents held an array before it was tracked', async () => {
    const path = freshPath();
    const store = SqliteReadStore.open({ path });
    await store.scope(TENANT_A).collection('things').upsertMany([{ _id: 't1', a: { b: 1 } }, { _id: 't2', a: [{ b: 2 }] }]);
    await store.ensureIndexes('things', [{ keys: { 'a.b': 1 } }, { keys: { c: 1 } }]);
    expect([hasArrays(path, 'things', 'a.b'), hasArrays(path, 'things', 'c')]).toEqual([1, 0]);
    await store.close();
  });
});

/** A change that sets the document's fields to `fields`, keeping the others. */
const setting = (collection: string, id: string, fields: Record<string, unknown>): DocumentChange => ({
  collection,
  tenantId: TENANT_A,
  id,
  apply: (current) => ({ ...current, _id: id, ...fields }),
});

describe('path flags set by the writes', () => {
  /** A store over a fresh file with `tags` tracked on `things` and one document without arrays, so the unflagged paths are kept in memory. */
  async function storeWithCachedPaths(): Promise<{ path: string; store: SqliteReadStore }> {
    const path = freshPath();
    const store = SqliteReadStore.open({ path });
    await store.ensureIndexes('things', [{ keys: { tags: 1 } }, { keys: { 'meta.labels': 1 }, name: 'labels' }]);
    await store.scope(TENANT_A).collection('things').upsert({ _id: 'plain', tags: 'x', meta: { labels: 'y' } });
    expect(hasArrays(path, 'things', 'tags')).toBe(0);
    return { path, store };
  }

  const writes: [name: string, write: (store: SqliteReadStore) => Promise<unknown>][] = [
    ['upsert', (store) => store.scope(TENANT_A).collection('things').upsert({ _id: 't1', tags: ['a', 'b'] })],
    ['upsertMany', (store) => store.scope(TENANT_A).collection('things').upsertMany([{ _id: 't1', tags: 'a' }, { _id: 't2', tags: ['a', 'b'] }])],
    ['updateOne', (store) => store.scope(TENANT_A).collection('things').updateOne({ _id: 'plain' }, { $set: { tags: ['a', 'b'] } })],
    ['updateOne inserting', (store) => store.scope(TENANT_A).collection('things').updateOne({ _id: 't1' }, { $set: { tags: ['a', 'b'] } }, { upsert: true })],
    ['updateMany', (store) => store.scope(TENANT_A).collection('things').updateMany({}, { $push: { tags_seen: 1 }, $set: { tags: ['a', 'b'] } })],
    ['a projection batch inserting', (store) => store.applyProjectionBatch('things', [{ position: 1, changes: [setting('things', 't1', { tags: ['a', 'b'] })] }])],
    ['a projection batch updating', (store) => store.applyProjectionBatch('things', [{ position: 1, changes: [setting('things', 'plain', { tags: ['a', 'b'] })] }])],
    ['a reapplied event', (store) => store.reapplyEvent({ position: 1, changes: [setting('things', 'plain', { tags: ['a', 'b'] })] })],
  ];

  it.each(writes)('%s sets the flag of a path its document brings an array to, and queries look into the array', async (_, write) => {
    const { path, store } = await storeWithCachedPaths();
    await write(store);
    expect([hasArrays(path, 'things', 'tags'), hasArrays(path, 'things', 'meta.labels')]).toEqual([1, 0]);
    expect((await store.scope(TENANT_A).collection('things').find({ tags: 'b' })).length).toBe(1);
    await store.close();
  });

  it.each(writes)('%s through a second connection sets the flag, and a path the second started tracking is flagged by the first', async (_, write) => {
    const { path, store } = await storeWithCachedPaths();
    const other = SqliteReadStore.open({ path });
    await write(other);
    expect(hasArrays(path, 'things', 'tags')).toBe(1);
    expect((await store.scope(TENANT_A).collection('things').find({ tags: 'b' })).length).toBe(1);
    // The first connection still keeps the paths of `things` it read; the second tracks one more.
    await other.ensureIndexes('things', [{ keys: { kinds: 1 } }]);
    await store.scope(TENANT_A).collection('things').upsert({ _id: 'k1', kinds: ['red', 'blue'] });
    expect(hasArrays(path, 'things', 'kinds')).toBe(1);
    expect((await other.scope(TENANT_A).collection('things').find({ kinds: 'blue' })).map(({ _id }) => _id)).toEqual(['k1']);
    await other.close();
    await store.close();
  });

  it('leaves the flag unset when a write that set it fails after, and the next array sets it', async () => {
    const { path, store } = await storeWithCachedPaths();
    await store.ensureIndexes('things', [{ keys: { code: 1 }, unique: true }]);
    const things = store.scope(TENANT_A).collection('things');
    await things.upsertMany([{ _id: 'c1', code: 1 }, { _id: 'c2', code: 2 }]);
    // Each fails on its second document, after the first has set the flag in the transaction.
    await expect(things.upsertMany([{ _id: 't1', tags: ['a'], code: 3 }, { _id: 't2', code: 1 }])).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(things.updateMany({ code: { $gte: 1 } }, { $set: { tags: ['a'], code: 9 } })).rejects.toBeInstanceOf(DuplicateKeyError);
    const batch = [setting('things', 't4', { tags: ['a'], code: 4 }), setting('things', 't5', { code: 4 })];
    await expect(store.applyProjectionBatch('things', [{ position: 1, changes: batch }])).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(hasArrays(path, 'things', 'tags')).toBe(0);
    expect(await things.find({ tags: 'a' })).toEqual([]);
    await things.upsert({ _id: 't6', tags: ['a'], code: 6 });
    expect(hasArrays(path, 'things', 'tags')).toBe(1);
    expect(await things.find({ tags: 'a' })).toEqual([{ _id: 't6', tags: ['a'], code: 6 }]);
    await store.close();
  });

  it('flags a path the same connection starts tracking after it kept the others', async () => {
    const { path, store } = await storeWithCachedPaths();
    await store.ensureIndexes('things', [{ keys: { kinds: 1 } }]);
    await store.scope(TENANT_A).collection('things').upsert({ _id: 'k1', kinds: ['red', 'blue'] });
    expect([hasArrays(path, 'things', 'kinds'), hasArrays(path, 'things', 'tags')]).toEqual([1, 0]);
    await store.close();
  });

  it('flags per collection: another collection with the same path keeps its flag', async () => {
    const { path, store } = await storeWithCachedPaths();
    await store.ensureIndexes('others', [{ keys: { tags: 1 } }]);
    await store.scope(TENANT_B).collection('others').upsert({ _id: 'o1', tags: ['a'] });
    expect([hasArrays(path, 'things', 'tags'), hasArrays(path, 'others', 'tags')]).toEqual([0, 1]);
    await store.close();
  });
});

describe('an array along a path, in memory', () => {
  const PATHS = ['a', 'a.b', 'a.b.c', 'x.a', 'toJSON', 'constructor.name', '__proto__.a'];
  const KEYS = ['a', 'b', 'c', 'x', 'toJSON', 'constructor', '__proto__'];

  /** A random JSON value a few levels deep, its objects' keys drawn from the paths' segments. */
  function randomValue(random: () => number, depth: number): unknown {
    const kind = Math.floor(random() * (depth > 2 ? 4 : 7));
    if (kind === 0) return null;
    if (kind === 1) return random() < 0.5;
    if (kind === 2) return Math.floor(random() * 10);
    if (kind === 3) return 'text';
    if (kind === 4) return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
    const object: Record<string, unknown> = {};
    for (const key of KEYS) if (random() < 0.4) Object.defineProperty(object, key, { value: randomValue(random, depth + 1), enumerable: true, writable: true, configurable: true });
    return object;
  }

  it('answers as the SQL the first scan of a path uses, on random documents as stored', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const db = new Database(':memory:');
    const checks = PATHS.map((path) => db.prepare<[{ body: string }], number>(`SELECT ${holdsArraySql(keySegments(path), '@body')}`).pluck());
    let arrays = 0;
    const DOCUMENTS = 5_000;
    for (let i = 0; i < DOCUMENTS; i++) {
      const document = { ...(randomValue(random, 0) as object), _id: `d${i}` } as Document;
      const body = JSON.stringify(document);
      for (const [index, path] of PATHS.entries()) {
        const expected = checks[index]!.get({ body }) === 1;
        if (expected) arrays++;
        expect([body, path, holdsArray(document, keySegments(path))]).toEqual([body, path, expected]);
      }
    }
    // Both answers are well represented.
    expect(arrays).toBeGreaterThan(500);
    expect(arrays).toBeLessThan(DOCUMENTS * PATHS.length - 500);
    db.close();
  });

  it('reads a value as JSON.stringify writes it', () => {
    const stamped = { toJSON: () => ['2026-01-01'] };
    expect(holdsArray({ _id: 'd1', a: stamped }, ['a'])).toBe(true);
    expect(holdsArray({ _id: 'd1', a: new Date(0) }, ['a'])).toBe(false);
    expect(holdsArray({ _id: 'd1', a: { b: undefined } }, ['a', 'b'])).toBe(false);
    expect(holdsArray(Object.defineProperty({ _id: 'd1' }, 'a', { value: [1], enumerable: false }), ['a'])).toBe(false);
    expect(holdsArray({ _id: 'd1', a: new Uint8Array(2) }, ['a'])).toBe(false);
  });
});

describe('files made with path-tracking triggers', () => {
  it('lose them at open and keep their flags', async () => {
    const path = freshPath();
    const store = SqliteReadStore.open({ path });
    await store.ensureIndexes('things', [{ keys: { status: 1 } }, { keys: { tags: 1 } }]);
    await store.scope(TENANT_A).collection('things').upsert({ _id: 't1', status: ['open'] });
    await store.close();
    const table = collectionTable('things');
    const db = new Database(path);
    // The triggers as the previous layout made them, for each tracked path.
    for (const tracked of ['status', 'tags']) {
      const flag = `UPDATE read_store_paths SET has_arrays = 1 WHERE collection = 'things' AND path = '${tracked}' AND has_arrays = 0;`;
      const when = `json_type(NEW.body, '$.${tracked}') = 'array'`;
      db.exec(`
        CREATE TRIGGER "read_store_tp_${tracked}_i" AFTER INSERT ON "${table}" WHEN ${when} BEGIN ${flag} END;
        CREATE TRIGGER "read_store_tp_${tracked}_u" AFTER UPDATE OF body ON "${table}" WHEN ${when} BEGIN ${flag} END;`);
    }
    db.close();
    expect(triggersOf(path)).toHaveLength(4);

    const reopened = SqliteReadStore.open({ path });
    expect(triggersOf(path)).toEqual([]);
    expect([hasArrays(path, 'things', 'status'), hasArrays(path, 'things', 'tags')]).toEqual([1, 0]);
    const things = reopened.scope(TENANT_A).collection('things');
    await things.upsert({ _id: 't2', tags: ['red'] });
    expect(hasArrays(path, 'things', 'tags')).toBe(1);
    expect(await things.find({ status: 'open' })).toEqual([{ _id: 't1', status: ['open'] }]);
    expect(await things.find({ tags: 'red' })).toEqual([{ _id: 't2', tags: ['red'] }]);
    await reopened.close();
  });
});
