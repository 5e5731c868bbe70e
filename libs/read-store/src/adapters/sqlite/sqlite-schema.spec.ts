import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from '@jest/globals';
import { DuplicateKeyError } from '../../read-store';
import { TENANT_A } from '../../testing/contract/fixtures';
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
