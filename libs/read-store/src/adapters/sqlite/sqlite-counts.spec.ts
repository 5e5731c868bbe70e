import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DuplicateKeyError } from '../../read-store';
import { event, increment, remove, TENANT_A, TENANT_B } from '../../testing/contract/fixtures';
import { SqliteReadStore } from './sqlite-read-store.adapter';
import { collectionTable, quoteIdentifier } from './sqlite-tables';

const directory = mkdtempSync(join(tmpdir(), 'read-store-counts-'));
let files = 0;
const freshPath = (): string => join(directory, `store-${++files}.sqlite`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const COLLECTIONS = ['things', 'counters'];
type Tally = Record<string, number>;

/** What `read_store_counts` says and what the tables hold, per `collection/tenant` (zero counts left out). */
function tallies(path: string): { kept: Tally; actual: Tally } {
  const db = new Database(path, { readonly: true });
  try {
    const kept: Tally = {};
    for (const row of db.prepare<[], { collection: string; tenant: string; documents: number }>('SELECT * FROM read_store_counts').all()) {
      if (row.documents !== 0) kept[`${row.collection}/${row.tenant}`] = row.documents;
    }
    const actual: Tally = {};
    for (const collection of COLLECTIONS) {
      const table = collectionTable(collection);
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(table)) continue;
      const rows = db.prepare<[], { tenant: string; n: number }>(`SELECT tenant, count(*) AS n FROM ${quoteIdentifier(table)} GROUP BY tenant`).all();
      for (const { tenant, n } of rows) actual[`${collection}/${tenant}`] = n;
    }
    return { kept, actual };
  } finally {
    db.close();
  }
}

describe('document counts kept by the writes', () => {
  let path: string;
  let store: SqliteReadStore;
  const things = (tenant = TENANT_A) => store.scope(tenant).collection('things');
  const exact = (): Tally => {
    const { kept, actual } = tallies(path);
    expect(kept).toEqual(actual);
    return kept;
  };

  beforeEach(async () => {
    path = freshPath();
    store = SqliteReadStore.open({ path });
    await store.ensureIndexes('things', [{ keys: { email: 1 }, unique: true }]);
  });

  afterEach(() => store.close());

  it('counts what upsert and upsertMany add, not what they replace, and nothing of a batch that failed', async () => {
    await things().upsert({ _id: 't1', email: 'a' });
    await things().upsert({ _id: 't1', email: 'b' });
    await things(TENANT_B).upsert({ _id: 't1', email: 'a' });
    expect(exact()).toEqual({ [`things/${TENANT_A}`]: 1, [`things/${TENANT_B}`]: 1 });

    await things().upsertMany([{ _id: 't2', email: 'c' }, { _id: 't1', email: 'd' }, { _id: 't3' }, { _id: 't2', email: 'e' }]);
    expect(exact()[`things/${TENANT_A}`]).toBe(3);
    await expect(things().upsertMany([{ _id: 't4', email: 'f' }, { _id: 't5', email: 'd' }])).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(things().upsert({ _id: 't3', email: 'd' })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(exact()[`things/${TENANT_A}`]).toBe(3);
    expect(await things().count()).toBe(3);
    expect(await things().find({ _id: 't1' })).toEqual([{ _id: 't1', email: 'd' }]);
  });

  it('counts what updateOne inserts and the deletes remove; updates change nothing', async () => {
    await things().upsertMany([1, 2, 3, 4].map((n) => ({ _id: `t${n}`, email: `e${n}`, n })));
    expect(await things().updateOne({ _id: 't9' }, { $set: { n: 9 } }, { upsert: true })).toEqual({ matched: 0, modified: 0, upsertedId: 't9' });
    await expect(things().updateOne({ _id: 't1', n: 5 }, { $set: { n: 6 } }, { upsert: true })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await things().updateMany({}, { $inc: { n: 1 } })).toEqual({ matched: 5, modified: 5, upsertedId: null });
    expect(exact()[`things/${TENANT_A}`]).toBe(5);
    expect(await things().deleteOne({ n: { $gt: 3 } })).toBe(1);
    expect(await things().deleteMany({ n: { $lt: 4 } })).toBe(2);
    expect(await things().deleteMany({ n: 100 })).toBe(0);
    expect(exact()[`things/${TENANT_A}`]).toBe(2);
    expect(await things().count()).toBe(2);
  });

  it('counts what a projection batch creates and deletes, once per document however many events touch it', async () => {
    await store.applyProjectionBatch('counters', [
      event(1, increment(TENANT_A, 'c1'), increment(TENANT_A, 'c2'), increment(TENANT_B, 'c1')),
      event(2, increment(TENANT_A, 'c1'), increment(TENANT_A, 'c3'), remove(TENANT_A, 'c3'), remove(TENANT_A, 'missing')),
    ]);
    expect(exact()).toEqual({ [`counters/${TENANT_A}`]: 2, [`counters/${TENANT_B}`]: 1 });
    await store.applyProjectionBatch('counters', [
      event(3, remove(TENANT_A, 'c2'), increment(TENANT_A, 'c4')),
      event(4, remove(TENANT_B, 'c1'), increment(TENANT_B, 'c1')),
    ]);
    expect(exact()).toEqual({ [`counters/${TENANT_A}`]: 2, [`counters/${TENANT_B}`]: 1 });
    // Replayed events change nothing; a failing one rolls the batch back with its counts.
    await store.applyProjectionBatch('counters', [event(3, remove(TENANT_A, 'c1'))]);
    const failing = { collection: 'counters', tenantId: TENANT_A, id: 'c5', apply: () => { throw new Error('projection bug'); } };
    await expect(store.applyProjectionBatch('counters', [event(5, increment(TENANT_A, 'c6')), event(6, failing)])).rejects.toThrow('projection bug');
    expect(exact()).toEqual({ [`counters/${TENANT_A}`]: 2, [`counters/${TENANT_B}`]: 1 });
    await store.reapplyEvent(event(7, remove(TENANT_A, 'c1'), increment(TENANT_A, 'c7'), increment(TENANT_A, 'c8')));
    expect(exact()[`counters/${TENANT_A}`]).toBe(3);
    expect(await store.scope(TENANT_A).collection('counters').count()).toBe(3);
  });

  it('counts nothing for a collection a projection reset, whatever its transaction wrote before', async () => {
    await store.applyProjectionBatch('counters', [event(1, increment(TENANT_A, 'c1'), increment(TENANT_B, 'c2'))]);
    await things().upsert({ _id: 't1' });
    await store.resetProjection('counters', ['counters', 'never_written']);
    expect(exact()).toEqual({ [`things/${TENANT_A}`]: 1 });
    await store.applyProjectionBatch('counters', [event(1, increment(TENANT_A, 'c1'))]);
    expect(exact()).toEqual({ [`things/${TENANT_A}`]: 1, [`counters/${TENANT_A}`]: 1 });
  });

  it('keeps a count exact across two connections writing the same file', async () => {
    const other = SqliteReadStore.open({ path });
    await Promise.all([
      things().upsertMany([{ _id: 't1', email: 'a' }, { _id: 't2', email: 'b' }]),
      other.scope(TENANT_A).collection('things').upsertMany([{ _id: 't2', email: 'b' }, { _id: 't3', email: 'c' }]),
    ]);
    await other.scope(TENANT_A).collection('things').deleteOne({ _id: 't1' });
    expect(exact()[`things/${TENANT_A}`]).toBe(2);
    expect(await things().count()).toBe(2);
    await other.close();
  });
});

describe('files made with count triggers', () => {
  it('loses the triggers at open and keeps the counts they kept', async () => {
    const path = freshPath();
    const store = SqliteReadStore.open({ path });
    await store.scope(TENANT_A).collection('things').upsertMany([{ _id: 't1' }, { _id: 't2' }]);
    await store.close();
    const table = collectionTable('things');
    const db = new Database(path);
    // The triggers as the previous layout made them, over the counts they kept.
    db.exec(`
      CREATE TRIGGER "${table}_counted" AFTER INSERT ON "${table}" BEGIN
        INSERT INTO read_store_counts (collection, tenant, documents) VALUES ('things', NEW.tenant, 1)
          ON CONFLICT (collection, tenant) DO UPDATE SET documents = documents + 1;
      END;
      CREATE TRIGGER "${table}_uncounted" AFTER DELETE ON "${table}" BEGIN
        UPDATE read_store_counts SET documents = documents - 1 WHERE collection = 'things' AND tenant = OLD.tenant;
      END;`);
    db.close();

    const reopened = SqliteReadStore.open({ path });
    const triggers = new Database(path, { readonly: true });
    expect(triggers.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all()).toEqual([]);
    triggers.close();
    const things = reopened.scope(TENANT_A).collection('things');
    expect(await things.count()).toBe(2);
    await things.upsertMany([{ _id: 't2' }, { _id: 't3' }]);
    await things.deleteOne({ _id: 't1' });
    expect(await things.count()).toBe(2);
    expect(tallies(path).kept).toEqual(tallies(path).actual);
    await reopened.close();
  });
});
