import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from '@jest/globals';
import { TENANT_A } from '../../testing/contract/fixtures';
import { SqliteReadStore } from './sqlite-read-store.adapter';

const directory = mkdtempSync(join(tmpdir(), 'read-store-paths-'));
let files = 0;
const freshPath = (): string => join(directory, `store-${++files}.sqlite`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('path tracking', () => {
  const hasArrays = (path: string, collection: string, tracked: string): number => {
    const db = new Database(path, { readonly: true });
    const flag = db.prepare<[string, string], number>('SELECT has_arrays FROM read_store_paths WHERE collection = ? AND path = ?').pluck().get(collection, tracked);
    db.close();
    return flag!;
  };

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

  it('makes again at open the triggers made with the earlier, costlier condition', async () => {
    const path = freshPath();
    const store = SqliteReadStore.open({ path });
    await store.ensureIndexes('things', [{ keys: { status: 1 } }]);
    await store.close();
    const db = new Database(path);
    const triggers = () => db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all();
    const current = triggers();
    expect(current).toHaveLength(2);
    for (const { name, sql } of current) {
      const earlier = sql.replace(
        "json_type(NEW.body, '$.status') = 'array'",
        "CASE json_type(NEW.body, '$.status') WHEN 'true' THEN x'06' WHEN 'false' THEN x'05' WHEN 'object' THEN x'03' " +
          "WHEN 'array' THEN x'04' ELSE json_extract(NEW.body, '$.status') END = x'04'",
      );
      expect(earlier).not.toBe(sql);
      db.exec(`DROP TRIGGER "${name}"; ${earlier};`);
    }
    expect(triggers()).not.toEqual(current);

    const reopened = SqliteReadStore.open({ path });
    expect(triggers()).toEqual(current);
    db.close();
    await reopened.scope(TENANT_A).collection('things').upsert({ _id: 't1', status: ['open'] });
    expect(hasArrays(path, 'things', 'status')).toBe(1);
    expect(await reopened.scope(TENANT_A).collection('things').find({ status: 'open' })).toEqual([{ _id: 't1', status: ['open'] }]);
    await reopened.close();
  });
});
