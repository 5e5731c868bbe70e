import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UserListQuerySchema } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import type { Principal } from '@beacon/platform';
import { ensureProjectionIndexes, type ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { usersProjection } from '../projections/users.projection';
import { UserListHandler } from './user-list.handler';
import { UserListQuery } from './user-list.query';

/** More matches than a search finds by their ids (1,000), and a few. */
const MANY = 1_100;
const FEW = 30;
const LAST_NAMES = ['okafor', 'Adams', 'baker', 'Zhou', 'Evans'];
const admin = { userId: 'u-admin', rootId: 'root', customerGroupId: 'root', customerPermission: 'ADMIN' } as unknown as Principal;

let dir: string;
let store: SqliteReadStore;
let position = 0;
const people: { id: string; last: string; first: string; email: string }[] = [];

const event = (type: string, data: object): RecordedEvent => {
  position += 1;
  return { id: `e-${position}`, type, data, metadata: { tenantId: 'root' }, streamName: `s-${position}`, revision: 0, position, recordedAt: '2026-03-01T10:00:00.000Z' };
};

async function project(projection: ProjectionDefinition, events: RecordedEvent[]): Promise<void> {
  await store.applyProjectionBatch(projection.name, events.map((recorded) => ({ position: recorded.position, changes: projection.project(recorded) })));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-user-list-handler-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite'), readCache: false });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
  const groups = QUERY_PROJECTIONS.find(({ name }) => name === 'customer-groups')!;
  await project(groups, [event('CustomerGroupCreated', { customerGroupId: 'root', name: 'Root', parentId: null, rootId: 'root', ancestorIds: [], rootPermissions: [], settings: {} })]);
  const registered = Array.from({ length: MANY + FEW }, (_, n) => {
    const person = {
      id: `user-${String(n).padStart(5, '0')}`,
      first: `First${n % 7}`,
      last: LAST_NAMES[n % LAST_NAMES.length]!,
      email: n < MANY ? `user${n}@many.test` : `user${n}@few.test`,
    };
    people.push(person);
    return event('UserRegistered', {
      userId: person.id,
      email: person.email,
      firstName: person.first,
      lastName: person.last,
      customerGroupId: 'root',
      rootId: 'root',
      customerPermission: 'CONTACT',
      isTemporary: false,
      preferredTimezone: 'Europe/London',
    });
  });
  await project(usersProjection, registered);
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const list = (query: Record<string, string>) =>
  new UserListHandler(store, new CustomerGroupReader(store), { lastActivity: async () => null }).execute(
    new UserListQuery(admin, 'root', UserListQuerySchema.parse({ all: 'true', items_per_page: '100', ...query })),
  );

/** The ids of the matching people in list order: last name, then first name, in any case, then id. */
const expected = (domain: string, descending: boolean) => {
  const key = (person: (typeof people)[number]) => [person.last.toLowerCase(), person.first.toLowerCase(), person.id];
  const sorted = people
    .filter((person) => person.email.endsWith(domain))
    .sort((a, b) => (key(a).join('\u0000') < key(b).join('\u0000') ? -1 : 1))
    .map((person) => person.id);
  return descending ? sorted.reverse() : sorted;
};

describe('the user list searching the address string', () => {
  it.each([
    ['many.test', 'false', '1'],
    ['many.test', 'true', '3'],
    ['few.test', 'false', '1'],
    ['FEW.TEST', 'true', '1'],
  ])('answers %s (descending: %s), page %s, in list order with the count of every match, however many match', async (search, descending, page) => {
    const answer = await list({ search_by_address_string: search, descending, page_number: page });
    const all = expected(search.toLowerCase(), descending === 'true');
    because('the count is every match', () => expect(answer.count).toBe(all.length));
    const start = (Number(page) - 1) * 100;
    because('the page is the matches in list order', () => expect(answer.data.map((user) => user.id)).toEqual(all.slice(start, start + 100)));
  });
});
