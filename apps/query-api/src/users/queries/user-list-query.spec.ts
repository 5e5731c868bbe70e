import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USER_LIST_SORT_KEYS, type UserListSortKey } from '@beacon/contracts';
import { ensureProjectionIndexes } from '@beacon/projections';
import { SqliteReadStore, type Filter } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { addressSearchFilter, inListOrder, userListFilter, userListSort } from './user-list-query';

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

describe('a few users put in list order in memory', () => {
  it('orders as the store does, for every order and direction: missing keys first, text by code point, ties by the next key', async () => {
    const tenant = 'order-check';
    const users = [
      { last_name_key: 'émile', first_name_key: 'a', email: 'z@x.test', customer_permission: 'SENDER', last_activity: null },
      { last_name_key: 'zed', first_name_key: 'b', email: 'a@x.test', customer_permission: 'ADMIN', last_activity: '2026-01-02T00:00:00.000Z' },
      { last_name_key: 'Zed', first_name_key: 'b', email: 'b@x.test', customer_permission: 'ADMIN', last_activity: '2026-01-01T00:00:00.000Z' },
      { last_name_key: 'zed', first_name_key: 'a', email: 'c@x.test', customer_permission: 'CONTACT' },
      { last_name_key: 'ab', first_name_key: '😀', email: 'd@x.test', customer_permission: 'DATA', last_activity: null },
      { last_name_key: 'ab', first_name_key: '\uffff', email: 'e@x.test', customer_permission: 'DATA', last_activity: null },
    ].map((user, index) => ({ _id: `u${index}`, id: `u${index}`, customer_group: 'g', ...user }) as unknown as UserDocument);
    const collection = store.scope(tenant).collection(USERS);
    for (const user of users) await collection.upsert(user);
    for (const sortBy of USER_LIST_SORT_KEYS) {
      for (const descending of [false, true]) {
        const sort = userListSort(sortBy, descending);
        const stored = (await collection.find({}, { sort })).map((user) => user._id);
        because(`${sortBy}${descending ? ' descending' : ''}`, () => expect(inListOrder(users, sort).map((user) => user._id)).toEqual(stored));
      }
    }
  });
});
