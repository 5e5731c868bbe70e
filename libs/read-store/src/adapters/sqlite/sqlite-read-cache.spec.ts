import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from '@jest/globals';
import { event, increment, TENANT_A } from '../../testing/contract/fixtures';
import { readCacheKey, SqliteReadCache } from './sqlite-read-cache';
import { SqliteReadStore } from './sqlite-read-store.adapter';

const directory = mkdtempSync(join(tmpdir(), 'read-cache-'));
let files = 0;
const freshPath = (): string => join(directory, `store-${++files}.sqlite`);
/** A later run of the event loop: the cache checks for other connections' commits once per run. */
const nextRun = () => new Promise((resolve) => setImmediate(resolve));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('SqliteReadStore answers repeated reads from its cache', () => {
  it('answers the same read with the same frozen documents until a write to the collection', async () => {
    const store = SqliteReadStore.open({ path: freshPath() });
    const things = store.scope(TENANT_A).collection('things');
    await things.upsert({ _id: 't1', name: 'first', tags: ['a'] });
    const [first] = await things.find({ name: 'first' });
    const [again] = await things.find({ name: 'first' });
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first!.tags)).toBe(true);
    expect(() => ((first as unknown as { name: string }).name = 'changed')).toThrow(TypeError);

    await things.updateOne({ _id: 't1' }, { $set: { name: 'renamed' } });
    expect(await things.find({ name: 'first' })).toEqual([]);
    expect(await things.findOne({ _id: 't1' })).toMatchObject({ name: 'renamed' });
    await store.close();
  });

  it('gives each caller its own list, so sorting or extending one changes no later answer', async () => {
    const store = SqliteReadStore.open({ path: freshPath() });
    const things = store.scope(TENANT_A).collection('things');
    await things.upsert({ _id: 'a' });
    await things.upsert({ _id: 'b' });
    const list = await things.find();
    list.reverse();
    list.push({ _id: 'c' });
    expect((await things.find()).map((thing) => thing._id)).toEqual(['a', 'b']);
    await store.close();
  });

  it('keeps the answers of other collections and tenants when one collection is written', async () => {
    const store = SqliteReadStore.open({ path: freshPath() });
    const things = store.scope(TENANT_A).collection('things');
    const others = store.scope(TENANT_A).collection('others');
    await things.upsert({ _id: 't1' });
    await others.upsert({ _id: 'o1' });
    const kept = await others.findOne({ _id: 'o1' });
    await things.upsert({ _id: 't2' });
    expect(await others.findOne({ _id: 'o1' })).toBe(kept);
    expect(await things.count()).toBe(2);
    await store.close();
  });

  it('sees what a projection batch, a retried event and a reset change', async () => {
    const store = SqliteReadStore.open({ path: freshPath() });
    const counters = store.scope(TENANT_A).collection('counters');
    await store.applyProjectionBatch('counters', [event(1, increment(TENANT_A, 'c1'))]);
    expect(await counters.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 1 });
    await store.applyProjectionBatch('counters', [event(2, increment(TENANT_A, 'c1'))]);
    expect(await counters.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 2 });
    await store.reapplyEvent(event(3, increment(TENANT_A, 'c1')));
    expect(await counters.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 3 });
    await store.resetProjection('counters', ['counters']);
    expect(await counters.count()).toBe(0);
    await store.close();
  });

  it("sees another connection's commits to the same file on its next run", async () => {
    const path = freshPath();
    const reader = SqliteReadStore.open({ path });
    const writer = SqliteReadStore.open({ path });
    const mine = reader.scope(TENANT_A).collection('things');
    const theirs = writer.scope(TENANT_A).collection('things');
    await theirs.upsert({ _id: 't1', name: 'before' });
    await nextRun();
    expect(await mine.findOne({ _id: 't1' })).toMatchObject({ name: 'before' });
    expect(await mine.count()).toBe(1);

    await theirs.updateOne({ _id: 't1' }, { $set: { name: 'after' } });
    await theirs.upsert({ _id: 't2' });
    await writer.applyProjectionBatch('counters', [event(1, increment(TENANT_A, 'c1'))]);
    await nextRun();
    expect(await mine.findOne({ _id: 't1' })).toMatchObject({ name: 'after' });
    expect(await mine.count()).toBe(2);
    expect(await reader.scope(TENANT_A).collection('counters').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', count: 1 });
    await Promise.all([reader.close(), writer.close()]);
  });
});

describe('SqliteReadCache', () => {
  it('keeps at most its capacity of answers and of documents, least recently used leaving first', () => {
    const db = new Database(':memory:');
    const cache = new SqliteReadCache(db, { capacity: 2, maxDocuments: 3 });
    let loads = 0;
    const read = (key: string, value: unknown) => cache.read('things', key, () => (loads++, value));
    read('a', [1]);
    read('b', [2]);
    read('a', [1]);
    read('c', [3]);
    expect(loads).toBe(3);
    read('a', [1]);
    expect(loads).toBe(3);
    read('b', [2]);
    expect(loads).toBe(4);
    read('big', [1, 2, 3, 4]);
    read('big', [1, 2, 3, 4]);
    expect(loads).toBe(6);
    db.close();
  });

  it('answers from SQL inside a transaction, where its own uncommitted writes may show', () => {
    const db = new Database(':memory:');
    const cache = new SqliteReadCache(db);
    let loads = 0;
    db.transaction(() => {
      cache.read('things', 'k', () => ++loads);
      cache.read('things', 'k', () => ++loads);
    })();
    expect(loads).toBe(2);
    db.close();
  });

  it('names reads apart that JSON alone would confuse', () => {
    const key = (filter: unknown) => readCacheKey('find', 'things', TENANT_A, filter, {});
    const keys = [
      key({ name: /a/ }),
      key({ name: /a/i }),
      key({ name: {} }),
      key({ name: undefined }),
      key({}),
      key({ at: new Date(0) }),
      key({ at: new Date(0).toISOString() }),
      key({ n: Infinity }),
      key({ n: null }),
      key({ name: '\u0000undefined' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(readCacheKey('count', 'things', TENANT_A, {}, {})).not.toBe(key({}));
    expect(readCacheKey('find', 'things', TENANT_A, { n: 1n }, {})).toBeNull();
  });

  it('keeps no answer to a read named only at length (thousands of ids)', () => {
    const ids = Array.from({ length: 1_000 }, (_, n) => `user-${n}`);
    expect(readCacheKey('count', 'things', TENANT_A, { _id: { $in: ids.slice(0, 10) } }, {})).not.toBeNull();
    expect(readCacheKey('count', 'things', TENANT_A, { _id: { $in: ids } }, {})).toBeNull();
    expect(readCacheKey('countSubsets', 'things', TENANT_A, [{}, { _id: { $in: ids } }], {})).toBeNull();
  });
});
