import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import type { Principal } from '@beacon/platform';
import type { ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from '../query-projections';
import { CustomerGroupReader } from '../shared/customer-group-reader';
import { IncidentReader } from './incident-reader';
import { incidentsProjection } from './projections/incidents.projection';

/** Root > North > North East, and Root > South; an incident in each, one of them in another organisation. */
const PATHS: Record<string, string[]> = {
  root: ['root'],
  north: ['root', 'north'],
  'north-east': ['root', 'north', 'north-east'],
  south: ['root', 'south'],
};

let store: SqliteReadStore;
let reader: IncidentReader;
let position = 0;

const recorded = (type: string, data: Record<string, unknown>, tenantId = 'root'): RecordedEvent => {
  position += 1;
  return { id: `e-${position}`, type, data, metadata: { tenantId }, streamName: `s-${position}`, revision: 0, position, recordedAt: '2026-03-01T10:00:00.000Z' };
};

async function apply(projection: ProjectionDefinition, event: RecordedEvent): Promise<void> {
  await store.applyProjectionBatch(projection.name, [{ position: event.position, changes: projection.project(event) }]);
}

async function group(id: string): Promise<void> {
  const path = PATHS[id]!;
  const data = { customerGroupId: id, name: id, parentId: path.at(-2) ?? null, rootId: 'root', ancestorIds: path.slice(0, -1), rootPermissions: [], settings: {} };
  await apply(QUERY_PROJECTIONS.find(({ name }) => name === 'customer-groups')!, recorded('CustomerGroupCreated', data));
}

async function incident(id: string, groupId: string, order: string, tenantId = 'root'): Promise<void> {
  const at = '2026-03-01T10:00:00.000Z';
  const record = {
    id,
    name: 'Flood report',
    title: id,
    incident_title: id,
    state: 'active',
    form: 'form-1',
    template: null,
    order,
    customer_group: groupId,
    form_snapshot: { id: 'form-1', name: 'Flood report', field_groups: [], fields: {}, rules: [] },
    field_values: [],
    ignored_field_groups: [],
    version: 1,
    created_at: at,
    created_by: null,
    updated_at: at,
    updated_by: null,
  };
  const groupPath = tenantId === 'root' ? (PATHS[groupId] ?? ['root', groupId]) : [tenantId];
  await apply(incidentsProjection, recorded('IncidentStarted', { incidentId: id, groupPath, incident: record }, tenantId));
}

const callerOf = (customerGroupId: string) => ({ userId: 'u-1', customerGroupId, rootId: 'root' }) as Principal;

beforeEach(async () => {
  position = 0;
  store = SqliteReadStore.open({ path: ':memory:' });
  reader = new IncidentReader(store, null as never, new CustomerGroupReader(store));
  for (const id of Object.keys(PATHS)) await group(id);
  await incident('in-root', 'root', 'd');
  await incident('in-north', 'north', 'b');
  await incident('in-north-east', 'north-east', 'a');
  await incident('in-south', 'south', 'c');
  await incident('elsewhere', 'other-root', 'a', 'other-root');
});

afterEach(() => store.close());

describe('IncidentReader reach', () => {
  it('lists the incidents of the caller group and its descendants, in list order, with their count', async () => {
    const ids = async (groupId: string) => {
      const { data, count } = await reader.page(callerOf(groupId), {}, {});
      expect(count).toBe(data.length);
      return data.map((item) => item.id);
    };
    expect(await ids('root')).toEqual(['in-north-east', 'in-north', 'in-south', 'in-root']);
    expect(await ids('north')).toEqual(['in-north-east', 'in-north']);
    expect(await ids('north-east')).toEqual(['in-north-east']);
    expect(await ids('south')).toEqual(['in-south']);
  });

  it('pages and filters within the reach', async () => {
    expect(await reader.page(callerOf('north'), {}, { skip: 1, limit: 1 })).toEqual({ data: [expect.objectContaining({ id: 'in-north' })], count: 2 });
    expect((await reader.page(callerOf('north'), { customer_group: 'south' }, {})).count).toBe(0);
    expect((await reader.list(callerOf('root'), { state: 'active' })).map((item) => item.id)).toHaveLength(4);
  });

  it("counts the caller's own group before the groups read model has it", async () => {
    await incident('in-new', 'brand-new', 'e');
    expect((await reader.list(callerOf('brand-new'), {})).map((item) => item.id)).toEqual(['in-new']);
  });

  it('finds the first order the caller group sees', async () => {
    expect(await reader.firstOrder(callerOf('south'))).toBe('c');
    expect(await reader.firstOrder(callerOf('root'))).toBe('a');
    expect(await reader.firstOrder(callerOf('unknown'))).toBeNull();
  });
});
