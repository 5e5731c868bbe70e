import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { READ_MODELS } from '@beacon/contracts';
import { SqliteEventStore } from '@beacon/event-store';
import { WRITE_SIDE_COLLECTIONS, WRITE_SIDE_LOOKUPS } from '@beacon/platform';
import { SqliteReadStore, SYSTEM_TENANT, type Document } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { rebuildReadModels } from './read-model-rebuild';

const ROOT = 'root-1';
const metadata = { tenantId: ROOT, customerGroupId: ROOT, actorUserId: 'u1', acceptedAt: '2026-03-04T05:06:07.000Z' };

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-rebuild-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  await eventStore.appendToStream(`customer_group-${ROOT}`, [
    {
      id: randomUUID(),
      type: 'CustomerGroupCreated',
      data: { customerGroupId: ROOT, name: 'Acme', parentId: null, rootId: ROOT, ancestorIds: [], rootPermissions: [], settings: {} },
      metadata,
    },
  ]);
  await eventStore.appendToStream('user-u1', [
    {
      id: randomUUID(),
      type: 'UserRegistered',
      data: {
        userId: 'u1',
        email: 'ann@example.test',
        firstName: 'Ann',
        lastName: 'Lee',
        customerGroupId: ROOT,
        rootId: ROOT,
        customerPermission: 'ADMIN',
        isTemporary: false,
        preferredTimezone: 'Europe/London',
      },
      metadata,
    },
  ]);
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const TENANTS = [SYSTEM_TENANT, ROOT];
const allNames = QUERY_PROJECTIONS.map((projection) => projection.name);

/** Every document of every write-side collection, in both tenants, by collection and tenant. */
async function writeSideState(): Promise<Record<string, Document[]>> {
  const state: Record<string, Document[]> = {};
  for (const collection of WRITE_SIDE_COLLECTIONS) {
    for (const tenant of TENANTS) state[`${collection}/${tenant}`] = await readStore.scope(tenant).collection(collection).find({}, { sort: { _id: 1 } });
  }
  return state;
}

describe('rebuilding the read models', () => {
  it('rebuilds every read model from the history and leaves the write-side state as it was, document for document', async () => {
    await rebuildReadModels(allNames, { eventStore, readStore, projections: QUERY_PROJECTIONS });
    for (const collection of WRITE_SIDE_COLLECTIONS) {
      for (const tenant of TENANTS) {
        await readStore.scope(tenant).collection(collection).upsert({ _id: `kept-${tenant}`, secret: `${collection} of ${tenant}`, at: 1 });
      }
    }
    const users = readStore.scope(ROOT).collection(READ_MODELS.users);
    // A read-model document no event made: a rebuild drops it.
    await users.upsert({ _id: 'stale', first_name: 'Nobody' });
    const before = await writeSideState();

    const rebuilt: string[] = [];
    await rebuildReadModels(allNames, { eventStore, readStore, projections: QUERY_PROJECTIONS, onRebuilt: (name) => rebuilt.push(name) });

    expect(rebuilt).toEqual(allNames);
    expect(await writeSideState()).toEqual(before);
    expect(Object.values(before).every((documents) => documents.length === 1)).toBe(true);
    expect((await users.find()).map((user) => user._id)).toEqual(['u1']);
    expect(await readStore.scope(ROOT).collection(READ_MODELS.customerGroups).findOne({ _id: ROOT })).toMatchObject({ name: 'Acme' });
  });

  it('declares write-side state apart from every read model: no projection owns one of its collections', () => {
    expect(WRITE_SIDE_LOOKUPS.map((lookup) => lookup.name)).toEqual([
      'credentials',
      'one-time token owners',
      'sign-in token owners',
      'email outbox',
      'dispatch outbox',
      'two-way SMS links',
    ]);
    const owned = new Set(QUERY_PROJECTIONS.flatMap((projection) => projection.collections));
    expect([...WRITE_SIDE_COLLECTIONS].filter((collection) => owned.has(collection))).toEqual([]);
  });
});
