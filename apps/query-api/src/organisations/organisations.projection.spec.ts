import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { OrganisationsQuerySchema, type OrganisationPageDto } from '@beacon/contracts';
import type { EventMetadata, RecordedEvent } from '@beacon/event-store';
import { ensureProjectionIndexes } from '@beacon/projections';
import { SqliteReadStore, SYSTEM_TENANT } from '@beacon/read-store';
import { ORGANISATIONS, ORGANISATIONS_PROJECTION } from '../shared/read-models/organisations.read-model';
import { organisationsProjection } from './organisations.projection';
import { OrganisationsHandler } from './queries/organisations.handler';
import { OrganisationsQuery } from './queries/organisations.query';

let dir: string;
let store: SqliteReadStore;
let position = 0;

const event = (type: string, data: object, metadata: EventMetadata = {}): RecordedEvent => {
  position += 1;
  return { id: `e-${position}`, type, data, metadata, streamName: `s-${position}`, revision: 0, position, recordedAt: '2026-03-01T10:00:00.000Z' };
};
const of = (tenantId: string): EventMetadata => ({ tenantId });
const claimed = (root: string, name: string) => event('OrganisationNameClaimed', { name, rootId: root }, of(root));
const created = (root: string, name: string) =>
  event('CustomerGroupCreated', { customerGroupId: root, name, parentId: null, rootId: root, ancestorIds: [], rootPermissions: ['SMS'], settings: {} }, of(root));
const child = (root: string, id: string) => event('CustomerGroupCreated', { customerGroupId: id, name: 'Depot', parentId: root, rootId: root, ancestorIds: [root], rootPermissions: [], settings: {} }, of(root));
const renamed = (root: string, name: string) => event('CustomerGroupDetailsChanged', { customerGroupId: root, name }, of(root));

const project = (events: readonly RecordedEvent[]) =>
  store.applyProjectionBatch(ORGANISATIONS_PROJECTION, events.map((recorded) => ({ position: recorded.position, changes: organisationsProjection.project(recorded) })));

const list = (query: Record<string, unknown> = {}): Promise<OrganisationPageDto> => new OrganisationsHandler(store).execute(new OrganisationsQuery(OrganisationsQuerySchema.parse(query)));
const sizes = async (query: Record<string, unknown> = {}) => Object.fromEntries((await list(query)).results.map((organisation) => [organisation.name, organisation.events]));

beforeEach(async () => {
  position = 0;
  dir = mkdtempSync(join(tmpdir(), 'beacon-organisations-projection-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite'), readCache: false });
  await ensureProjectionIndexes(store, [organisationsProjection]);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the size of an organisation', () => {
  const history = () => [
    claimed('acme', 'Acme'),
    created('acme', 'Acme'),
    claimed('zenith', 'Zenith'),
    child('acme', 'acme-depot'),
    created('zenith', 'Zenith'),
    event('UserRegistered', { userId: 'u1' }, of('acme')),
    event('EmailSuppressed', { address: 'x@example.test' }),
    event('PlatformWide', {}, of(SYSTEM_TENANT)),
    renamed('acme', 'Acme Water'),
  ];

  it('counts every event its tenant holds, the name claimed before its group included, and no other organisation’s', async () => {
    await project(history());
    expect(await sizes()).toEqual({ 'Acme Water': 5, Zenith: 2 });
  });

  it('lists no organisation whose root group is not created yet, though its events are counted', async () => {
    await project([claimed('pending', 'Pending'), created('acme', 'Acme')]);
    expect((await list()).count).toBe(1);
    expect((await list({ search: 'pend' })).count).toBe(0);
    expect(await store.scope(SYSTEM_TENANT).collection(ORGANISATIONS).findOne({ _id: 'pending' })).toEqual({ _id: 'pending', events: 1 });
    await project([event('UserRegistered', { userId: 'u2' }, of('pending')), created('pending', 'Pending')]);
    expect(await sizes({ search: 'pend' })).toEqual({ Pending: 3 });
  });

  it('never counts an event twice: a batch applied again, an overlapping batch and a rebuild give the same sizes', async () => {
    const events = history();
    await project(events);
    await project(events);
    const more = event('UserRegistered', { userId: 'u3' }, of('zenith'));
    await project([...events.slice(-3), more]);
    expect(await sizes()).toEqual({ 'Acme Water': 5, Zenith: 3 });

    await store.resetProjection(ORGANISATIONS_PROJECTION, organisationsProjection.collections);
    await project([...events, more]);
    expect(await sizes()).toEqual({ 'Acme Water': 5, Zenith: 3 });
  });

  it('gives 0 for a document projected before events were counted', async () => {
    await store.scope(SYSTEM_TENANT).collection(ORGANISATIONS).upsert({ _id: 'old', name: 'Old', name_key: 'old', root_permissions: [], suspended: false, created_at: '2025-01-01T00:00:00.000Z' });
    expect(await sizes()).toEqual({ Old: 0 });
  });
});
