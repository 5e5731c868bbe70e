import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USER_LIST_SORT_KEYS, type UserListSortKey } from '@beacon/contracts';
import { ensureProjectionIndexes } from '@beacon/projections';
import { SqliteReadStore, type Filter } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { USERS } from '../../shared/read-models/users.read-model';
import { addressSearchFilter, userListFilter, userListSort } from './user-list-query';

let dir: string;
let store: SqliteReadStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-user-list-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const planOf = (filter: Filter, sort: ReturnType<typeof userListSort>) =>
  store.explain(USERS, 'root', filter, { sort, skip: 50, limit: 50 }).plan.join('\n');

describe("the user list's reads", () => {
  it.each(USER_LIST_SORT_KEYS.flatMap((key): [UserListSortKey, boolean][] => [
    [key, false],
    [key, true],
  ]))("reads a group's users in %s order (descending: %s) along an index, never sorting them afterwards", (sortBy, descending) => {
    const plan = planOf({ customer_group: 'team' }, userListSort(sortBy, descending));
    because(`the plan is: ${plan}`, () => expect(plan).toMatch(/USING INDEX read_store_ix_/));
    because(`the plan is: ${plan}`, () => expect(plan).not.toMatch(/TEMP B-TREE/));
  });

  it("reads the whole organisation's users (the root group with all=true) in the default order along an index", () => {
    const plan = planOf({}, userListSort('last_name', false));
    expect(plan).toMatch(/USING INDEX read_store_ix_/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('finds the users of a group with an attribute value through the index on the group', () => {
    const [attribute] = userListFilter({ all: false, descending: false, field: 'last_name', value: 'Brown' });
    const plan = planOf({ $and: [{ customer_group: 'team' }, attribute!] }, userListSort('last_name', false));
    expect(plan).toMatch(/USING INDEX read_store_ix_/);
  });

  it.each([
    ["a group's", { customer_group: 'team' }, { customer_group: 1, address_string: 1 }],
    ["a subtree's", { customer_group: { $in: ['team', 'sub'] } }, { customer_group: 1, address_string: 1 }],
    ["the organisation's", {}, { address_string: 1 }],
  ] as [string, Filter, Record<string, 1>][])("searches %s address strings in the index on them", (_, groups, sort) => {
    const filter = Object.keys(groups).length ? { $and: [groups, addressSearchFilter('okafor', true)] } : addressSearchFilter('okafor', true);
    const plan = planOf(filter, sort);
    because(`the plan is: ${plan}`, () => expect(plan).toMatch(/USING INDEX read_store_ix_\w+ \(tenant=\? AND (<expr>=\? AND )?<expr>>\? AND <expr><\?\)/));
  });
});
