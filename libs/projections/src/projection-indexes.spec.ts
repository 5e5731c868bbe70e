import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { DuplicateKeyError, SqliteReadStore } from '@beacon/read-store';
import { ensureProjectionIndexes, type ProjectionDefinition } from './projection';

const accounts: ProjectionDefinition = {
  name: 'accounts',
  collections: ['accounts', 'logins'],
  indexes: { accounts: [{ keys: { email: 1 }, unique: true }], logins: [{ keys: { account: 1, at: -1 } }] },
  project: () => [],
};
const silent: ProjectionDefinition = { name: 'silent', collections: ['silent'], project: () => [] };

let store: SqliteReadStore;
beforeEach(() => {
  store = SqliteReadStore.open({ path: ':memory:' });
});
afterEach(() => store.close());

it('creates the indexes each projection declares, for every collection, and may run again', async () => {
  await ensureProjectionIndexes(store, [silent, accounts]);
  await ensureProjectionIndexes(store, [silent, accounts]);
  const scope = store.scope('tenant-1');
  await scope.collection('accounts').upsert({ _id: 'a1', email: 'ada@example.com' });
  await expect(scope.collection('accounts').upsert({ _id: 'a2', email: 'ada@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
  const plan = store.explain('logins', 'tenant-1', { account: 'a1' }, { sort: { at: -1 }, limit: 10 }).plan.join('\n');
  expect(plan).toMatch(/USING INDEX read_store_ix_/);
});
