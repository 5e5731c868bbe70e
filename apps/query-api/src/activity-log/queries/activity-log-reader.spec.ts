import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { EventMetadata, RecordedEvent } from '@beacon/event-store';
import type { Principal } from '@beacon/platform';
import type { ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore, type ReadStore } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { activityLogProjection } from '../projections/activity-log.projection';
import { parseActivityLogFilters } from './activity-log-filters';
import { ActivityLogReader } from './activity-log-reader';

const ROOT = 'root-1';
const NORTH = 'north-1';
const ADA = 'user-ada';
// The customer groups and users read models the reader looks up, as the app projects them.
const PROJECTIONS: readonly ProjectionDefinition[] = [...QUERY_PROJECTIONS.filter(({ name }) => name === 'customer-groups' || name === 'users'), activityLogProjection];

/** Only the fields the query reads; the rest of a principal is the auth guard's business. */
const principal = {
  userId: ADA,
  email: 'ada@x.test',
  sessionId: 's-1',
  customerGroupId: ROOT,
  rootId: ROOT,
  customerPermission: 'ADMIN',
  tokenId: 't-1',
} as Principal;

let readStore: ReadStore;
let query: ActivityLogReader;
let position = 0;

async function record(type: string, data: Record<string, unknown>, metadata: EventMetadata = {}): Promise<void> {
  position += 1;
  const event: RecordedEvent = {
    id: `e-${position}`,
    type,
    data,
    metadata: { tenantId: ROOT, actorUserId: ADA, acceptedAt: new Date(Date.UTC(2026, 6, 14, 23, 0, position)).toISOString(), ...metadata },
    streamName: `s-${position}`,
    revision: 0,
    position,
    recordedAt: new Date().toISOString(),
  };
  for (const projection of PROJECTIONS) {
    await readStore.applyProjectionBatch(projection.name, [{ position, changes: projection.project(event) }]);
  }
}

const group = (customerGroupId: string, name: string, parentId: string | null) =>
  record(
    'CustomerGroupCreated',
    { customerGroupId, name, parentId, rootId: ROOT, ancestorIds: parentId ? [parentId] : [], rootPermissions: [], settings: {} },
    { customerGroupId },
  );

const user = (userId: string, email: string, firstName: string, timezone = 'Europe/London') =>
  record('UserRegistered', {
    userId,
    email,
    firstName,
    lastName: 'Demo',
    customerGroupId: ROOT,
    rootId: ROOT,
    customerPermission: 'ADMIN',
    isTemporary: false,
    preferredTimezone: timezone,
  }, { actorUserId: null });

beforeEach(async () => {
  position = 0;
  readStore = await SqliteReadStore.open({ path: ':memory:' });
  query = new ActivityLogReader(readStore, new CustomerGroupReader(readStore));
  await group(ROOT, 'Root, "Inc"', null);
  await group(NORTH, 'North', ROOT);
  await user(ADA, 'ada@x.test', 'Ada');
  await user('user-bo', 'bo@x.test', 'Bo');
});

afterEach(async () => {
  await readStore.close();
});

const csvLines = async (filters: object = {}, maxRows?: number) =>
  (await query.export(principal, parseActivityLogFilters(filters), new Date(Date.UTC(2026, 6, 14, 23, 30)), maxRows)).csv.split('\r\n');

describe('activity log query', () => {
  it('names users and groups, and tells the actor from the user an action was about', async () => {
    await record('UserSignedIn', { userId: ADA, sessionId: 'x' }, { customerGroupId: NORTH });
    const page = await query.page(principal, parseActivityLogFilters({}));
    expect(page.count).toBe(5);
    expect(page.activity_logs[0]).toMatchObject({
      action: 'Signed in',
      customer_group: { id: NORTH, name: 'North' },
      user: { id: ADA, email: 'ada@x.test', name: 'Ada Demo' },
      target_user: { id: ADA },
    });
    expect(page.activity_logs[1]).toMatchObject({ action: 'Created user bo@x.test (ADMIN)', user: null, target_user: { name: 'Bo Demo' } });
  });

  it('names a user the read model does not know by their id', async () => {
    await record('UserSignedIn', { userId: 'ghost', sessionId: 'x' }, { actorUserId: 'ghost' });
    const [entry] = (await query.page(principal, parseActivityLogFilters({ page_size: 1 }))).activity_logs;
    expect(entry!.user).toEqual({ id: 'ghost', email: null, name: 'ghost' });
  });

  it("writes the CSV in the caller's timezone, naming who and what, with the user an action was about in the details", async () => {
    const lines = await csvLines();
    expect(lines[0]).toBe('Date,Customer group,User,Action,Details');
    expect(lines[1]).toBe(
      '15/07/2026 00:00:04,"Root, ""Inc""",System,Created user bo@x.test (ADMIN),' +
        'User: Bo Demo <bo@x.test>; Email: bo@x.test; First name: Bo; Last name: Demo; Customer permission: ADMIN; Customer group id: root-1; Is temporary: false',
    );
    expect(lines.at(-1)).toBe('');
  });

  it('names the file after the day in the caller\'s timezone', async () => {
    const { filename } = await query.export(principal, parseActivityLogFilters({}), new Date(Date.UTC(2026, 6, 14, 23, 30)));
    expect(filename).toBe('activity-log-2026-07-15.csv');
  });

  it('stops at the cap and says so in a last row', async () => {
    const lines = await csvLines({}, 2);
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(
      'Only the newest 2 of 4 matching entries are included; narrow the filters to export the rest.,,,,',
    );
  });

  it('exports more entries than one read from the store holds, newest first, each once', async () => {
    const signIns = Array.from({ length: 2_500 }, (_, index) => {
      position += 1;
      const event: RecordedEvent = {
        id: `e-${position}`,
        type: 'UserSignedIn',
        data: { userId: ADA, sessionId: `s-${index}` },
        metadata: { tenantId: ROOT, actorUserId: ADA, acceptedAt: new Date(Date.UTC(2026, 6, 15, 0, 0, index)).toISOString() },
        streamName: `s-${position}`,
        revision: 0,
        position,
        recordedAt: new Date().toISOString(),
      };
      return { position, changes: activityLogProjection.project(event) };
    });
    await readStore.applyProjectionBatch(activityLogProjection.name, signIns);
    const lines = await csvLines({ category: 'sign_in' }, 2_400);
    const times = lines.slice(1, -2).map((line) => line.split(',')[0]);
    expect(times).toHaveLength(2_400);
    expect(new Set(times).size).toBe(2_400);
    expect(times.slice(0, 2)).toEqual(['15/07/2026 01:41:39', '15/07/2026 01:41:38']);
    expect(times.at(-1)).toBe('15/07/2026 01:01:40');
    expect(lines.at(-2)).toBe('"Only the newest 2,400 of 2,500 matching entries are included; narrow the filters to export the rest.",,,,');
  });

  it('keeps to the named group and its descendants', async () => {
    await record('UserSignedIn', { userId: ADA, sessionId: 'x' }, { customerGroupId: NORTH });
    const north = await query.page(principal, parseActivityLogFilters({ customer_group: NORTH }));
    expect(north.activity_logs.map((entry) => entry.action)).toEqual(['Signed in', 'Created customer group North']);
    const northAdmin = { ...principal, customerGroupId: NORTH };
    expect((await query.page(northAdmin, parseActivityLogFilters({}))).count).toBe(2);
    await expect(query.page(northAdmin, parseActivityLogFilters({ customer_group: ROOT }))).rejects.toMatchObject({ kind: 'not_found' });
    expect(await query.customerGroups(northAdmin)).toEqual([{ id: NORTH, name: 'North', parent: ROOT }]);
  });
});
