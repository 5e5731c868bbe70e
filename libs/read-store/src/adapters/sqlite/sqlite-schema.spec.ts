import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DuplicateKeyError } from '../../read-store';
import { TENANT_A, TENANT_B } from '../../testing/contract/fixtures';
import { SqliteReadStore } from './sqlite-read-store.adapter';

const directory = mkdtempSync(join(tmpdir(), 'read-store-schema-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The layout files had before documents moved to a rowid table: one WITHOUT ROWID table and a recorded unique index. */
function writeOldLayout(path: string): void {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE read_store_docs (collection TEXT NOT NULL, tenant TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
      PRIMARY KEY (collection, tenant, id)) WITHOUT ROWID;
    CREATE TABLE read_store_indexes (collection TEXT NOT NULL, name TEXT NOT NULL, sql_name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL,
      PRIMARY KEY (collection, name)) WITHOUT ROWID;
    CREATE UNIQUE INDEX read_store_ux_old ON read_store_docs (tenant, coalesce(body -> '$.email', 'null')) WHERE collection = 'accounts';
    INSERT INTO read_store_indexes VALUES ('accounts', 'email_1', 'read_store_ux_old', '{"keys":{"email":1},"unique":true}');
  `);
  const insert = db.prepare('INSERT INTO read_store_docs VALUES (?, ?, ?, ?)');
  insert.run('accounts', TENANT_A, 'a1', JSON.stringify({ _id: 'a1', email: 'ada@example.com' }));
  insert.run('accounts', TENANT_A, 'a2', JSON.stringify({ _id: 'a2', email: 'alan@example.com' }));
  insert.run('credentials', '__system__', 'u1', JSON.stringify({ _id: 'u1', passwordHash: 'hash' }));
  db.close();
}

it('moves documents written in the old layout into the new one and rebuilds their indexes', async () => {
  const path = join(directory, 'old.sqlite');
  writeOldLayout(path);
  const store = SqliteReadStore.open({ path });
  const accounts = store.scope(TENANT_A).collection('accounts');
  expect(await accounts.find({}, { sort: { email: -1 } })).toEqual([
    { _id: 'a2', email: 'alan@example.com' },
    { _id: 'a1', email: 'ada@example.com' },
  ]);
  expect(await accounts.count()).toBe(2);
  expect(await store.scope('__system__').collection('credentials').findOne({ _id: 'u1' })).toEqual({ _id: 'u1', passwordHash: 'hash' });
  await store.ensureIndexes('accounts', [{ keys: { email: 1 }, unique: true }]);
  await expect(accounts.upsert({ _id: 'a3', email: 'ada@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
  await store.close();

  const reopened = SqliteReadStore.open({ path });
  expect(await reopened.scope(TENANT_A).collection('accounts').count()).toBe(2);
  await reopened.close();
});

/**
 * The layout files had before each collection got its own table: one rowid table for every collection,
 * with its count triggers, a partial index and path-tracking triggers per collection, and what they recorded.
 */
function writeSharedTableLayout(path: string): void {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE read_store_documents (collection TEXT NOT NULL, tenant TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL);
    CREATE UNIQUE INDEX read_store_documents_key ON read_store_documents (collection, tenant, id);
    CREATE TABLE read_store_counts (collection TEXT NOT NULL, tenant TEXT NOT NULL, documents INTEGER NOT NULL,
      PRIMARY KEY (collection, tenant)) WITHOUT ROWID;
    CREATE TRIGGER read_store_documents_counted AFTER INSERT ON read_store_documents BEGIN
      INSERT INTO read_store_counts (collection, tenant, documents) VALUES (NEW.collection, NEW.tenant, 1)
        ON CONFLICT (collection, tenant) DO UPDATE SET documents = documents + 1;
    END;
    CREATE TRIGGER read_store_documents_uncounted AFTER DELETE ON read_store_documents BEGIN
      UPDATE read_store_counts SET documents = documents - 1 WHERE collection = OLD.collection AND tenant = OLD.tenant;
    END;
    CREATE TABLE read_store_checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE read_store_indexes (collection TEXT NOT NULL, name TEXT NOT NULL, sql_name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL,
      PRIMARY KEY (collection, name)) WITHOUT ROWID;
    CREATE TABLE read_store_paths (collection TEXT NOT NULL, path TEXT NOT NULL, has_arrays INTEGER NOT NULL,
      PRIMARY KEY (collection, path)) WITHOUT ROWID;
    CREATE UNIQUE INDEX read_store_ix_email ON read_store_documents (tenant, coalesce(body -> '$.email', 'null')) WHERE collection = 'accounts';
    CREATE INDEX read_store_ix_status ON read_store_documents (tenant, json_extract(body, '$.status'), id, collection) WHERE collection = 'tasks';
    CREATE TRIGGER read_store_tp_status_i AFTER INSERT ON read_store_documents
      WHEN NEW.collection = 'tasks' AND json_type(NEW.body, '$.status') = 'array' BEGIN
      UPDATE read_store_paths SET has_arrays = 1 WHERE collection = 'tasks' AND path = 'status';
    END;
    INSERT INTO read_store_indexes VALUES ('accounts', 'email_1', 'read_store_ix_email', '{"keys":{"email":1},"unique":true}');
    INSERT INTO read_store_indexes VALUES ('tasks', 'status_1', 'read_store_ix_status', '{"keys":{"status":1},"unique":false,"include":[],"layout":2}');
    INSERT INTO read_store_paths VALUES ('tasks', 'status', 0);
    INSERT INTO read_store_checkpoints VALUES ('tasks-projection', 7);
  `);
  const insert = db.prepare('INSERT INTO read_store_documents VALUES (?, ?, ?, ?)');
  insert.run('accounts', TENANT_A, 'a1', JSON.stringify({ _id: 'a1', email: 'ada@example.com' }));
  insert.run('accounts', TENANT_B, 'a1', JSON.stringify({ _id: 'a1', email: 'ada@example.com' }));
  for (let i = 0; i < 5; i++) insert.run('tasks', TENANT_A, `t${i}`, JSON.stringify({ _id: `t${i}`, status: i % 2 ? 'open' : 'done' }));
  insert.run('team-members', TENANT_A, 'm1', JSON.stringify({ _id: 'm1', name: 'Grace' }));
  db.close();
}

const tablesOf = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  const names = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  db.close();
  return names;
};

describe('a table per collection', () => {
  it('moves a shared table’s documents into their collections’ tables, with their counts, and indexes them again', async () => {
    const path = join(directory, 'shared.sqlite');
    writeSharedTableLayout(path);
    const store = SqliteReadStore.open({ path, onInMemoryQuery: () => undefined });
    expect(tablesOf(path)).not.toContain('read_store_documents');
    expect(tablesOf(path).filter((name) => name.startsWith('read_store_c_'))).toEqual([
      expect.stringMatching(/^read_store_c_accounts_[0-9a-f]{12}$/),
      expect.stringMatching(/^read_store_c_tasks_[0-9a-f]{12}$/),
      expect.stringMatching(/^read_store_c_team_members_[0-9a-f]{12}$/),
    ]);
    const tasks = store.scope(TENANT_A).collection('tasks');
    expect([await tasks.count(), await tasks.count({ status: 'open' })]).toEqual([5, 2]);
    expect(await store.scope(TENANT_B).collection('accounts').count()).toBe(1);
    expect(await store.scope(TENANT_A).collection('team-members').findOne({ _id: 'm1' })).toEqual({ _id: 'm1', name: 'Grace' });
    expect(await store.getCheckpoint('tasks-projection')).toBe(7);

    await store.ensureIndexes('accounts', [{ keys: { email: 1 }, unique: true }]);
    await store.ensureIndexes('tasks', [{ keys: { status: 1 } }]);
    await expect(store.scope(TENANT_A).collection('accounts').upsert({ _id: 'a2', email: 'ada@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(store.explain('tasks', TENANT_A, { status: 'open' }, { count: true }).plan.join('\n')).toMatch(/USING COVERING INDEX read_store_ix_/);
    await tasks.upsert({ _id: 't9', status: ['open', 'urgent'] });
    expect((await tasks.find({ status: 'urgent' })).map((task) => task._id)).toEqual(['t9']);
    expect(await tasks.count({ status: 'open' })).toBe(3);
    await store.close();

    const reopened = SqliteReadStore.open({ path });
    expect(await reopened.scope(TENANT_A).collection('tasks').count()).toBe(6);
    await reopened.close();
  });

  it('answers empty for a collection nothing was written to, and makes its table at the first write', async () => {
    const path = join(directory, 'empty.sqlite');
    const store = SqliteReadStore.open({ path });
    const never = store.scope(TENANT_A).collection('never_written');
    expect(await never.find({ status: 'open' }, { sort: { at: -1 }, limit: 5 })).toEqual([]);
    expect([await never.count(), await never.count({ status: 'open' })]).toEqual([0, 0]);
    expect(await never.countSubsets({ status: 'open' }, [{ urgent: true }])).toEqual({ count: 0, subsets: [0] });
    expect(store.explain('never_written', TENANT_A, { status: 'open' }).plan).toEqual(['no table: nothing was written to the collection yet']);
    await store.resetProjection('never', ['never_written']);
    expect(tablesOf(path).filter((name) => name.startsWith('read_store_c_'))).toEqual([]);
    // A write makes the table, even one that changes nothing.
    expect(await never.updateMany({ status: 'open' }, { $set: { status: 'done' } })).toEqual({ matched: 0, modified: 0, upsertedId: null });
    expect(tablesOf(path).filter((name) => name.startsWith('read_store_c_'))).toEqual([expect.stringMatching(/^read_store_c_never_written_/)]);
    expect(await never.count({ status: 'open' })).toBe(0);
    await store.close();
  });

  it('keeps a table made for a write that failed, and the next write uses it', async () => {
    const store = SqliteReadStore.open({ path: ':memory:' });
    const failing = { collection: 'fresh', tenantId: TENANT_A, id: 'f1', apply: () => { throw new Error('projection bug'); } };
    await expect(store.applyProjectionBatch('fresh', [{ position: 1, changes: [failing] }])).rejects.toThrow('projection bug');
    await store.applyProjectionBatch('fresh', [{ position: 1, changes: [{ ...failing, apply: () => ({ _id: 'f1' }) }] }]);
    expect(await store.scope(TENANT_A).collection('fresh').find()).toEqual([{ _id: 'f1' }]);
    await store.close();
  });

  it('names the collection of a duplicate _id', async () => {
    const store = SqliteReadStore.open({ path: ':memory:' });
    const things = store.scope(TENANT_A).collection('things');
    await things.upsert({ _id: 't1' });
    const error = await store.scope(TENANT_A).collection('things').updateOne({ _id: 't1', missing: true }, { $set: { n: 1 } }, { upsert: true }).catch((caught: unknown) => caught);
    expect(error).toEqual(new DuplicateKeyError('things', '_id'));
    await store.close();
  });
});
