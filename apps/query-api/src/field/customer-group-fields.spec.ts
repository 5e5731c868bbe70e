import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import type { Principal } from '@beacon/platform';
import { ensureProjectionIndexes, type ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from '../query-projections';
import { CustomerGroupReader } from '../shared/customer-group-reader';
import { CONTACT_FIELDS, fieldsOfGroups } from '../shared/read-models/contact-fields.read-model';
import { contactFieldsProjection } from './projections/contact-fields.projection';
import { CustomerGroupFieldsHandler } from './queries/customer-group-fields.handler';
import { CustomerGroupFieldsQuery, type CustomerGroupFieldsFlags } from '../shared/queries/customer-group-fields.query';

/** Root > North > Quay, and Root > South. */
const PATHS: Record<string, string[]> = { root: ['root'], north: ['root', 'north'], quay: ['root', 'north', 'quay'], south: ['root', 'south'] };
const NO_FLAGS: CustomerGroupFieldsFlags = {
  mapping: false,
  import_contacts: false,
  import_by_column: false,
  include_child_fields: false,
  aggregate_field_options_with_recipient_count: false,
  has_operator_access: false,
};
const admin = { userId: 'u1', rootId: 'root', customerGroupId: 'root', customerPermission: 'ADMIN' } as unknown as Principal;

let dir: string;
let store: SqliteReadStore;
let position = 0;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-contact-fields-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
  for (const [id, path] of Object.entries(PATHS)) {
    const data = { customerGroupId: id, name: id, parentId: path.at(-2) ?? null, rootId: 'root', ancestorIds: path.slice(0, -1), rootPermissions: [], settings: {} };
    await apply(QUERY_PROJECTIONS.find(({ name }) => name === 'customer-groups')!, 'CustomerGroupCreated', data);
  }
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function apply(projection: ProjectionDefinition, type: string, data: object): Promise<void> {
  position += 1;
  const event: RecordedEvent = { id: `e-${position}`, type, data, metadata: { tenantId: 'root' }, streamName: `s-${position}`, revision: 0, position, recordedAt: '2026-03-01T10:00:00.000Z' };
  await store.applyProjectionBatch(projection.name, [{ position, changes: projection.project(event) }]);
}

const field = (fieldId: string, customerGroupId: string, options: string[] = []) =>
  apply(contactFieldsProjection, 'ContactFieldCreated', {
    fieldId,
    customerGroupId,
    label: fieldId,
    fieldType: options.length ? 'MULTISELECT' : 'TEXT',
    options: options.map((label, index) => ({ optionId: `${fieldId}.${index + 1}`, label })),
  });

const list = (customerGroupId: string, flags: Partial<CustomerGroupFieldsFlags> = {}) =>
  new CustomerGroupFieldsHandler(new CustomerGroupReader(store), store).execute(new CustomerGroupFieldsQuery(admin, customerGroupId, { ...NO_FLAGS, ...flags }));

describe("a customer group's contact fields", () => {
  it('lists the fields of the group and its ancestors, root first, each group in creation order; not those of siblings or below', async () => {
    await field('quay-1', 'quay');
    await field('north-1', 'north');
    await field('root-1', 'root');
    await field('south-1', 'south');
    await field('north-2', 'north');
    expect((await list('quay')).map((entry) => [entry.id, entry.is_inherited])).toEqual([
      ['root-1', true],
      ['north-1', true],
      ['north-2', true],
      ['quay-1', false],
    ]);
    expect((await list('north')).map((entry) => entry.id)).toEqual(['root-1', 'north-1', 'north-2']);
    expect((await list('north', { include_child_fields: true })).map((entry) => entry.id)).toEqual(['root-1', 'north-1', 'north-2', 'quay-1']);
  });

  it('marks options a group above excluded, and all_options_disabled when none is left', async () => {
    await field('role', 'root', ['Driver', 'Loader']);
    await apply(contactFieldsProjection, 'ContactFieldExcludedOptionsChanged', {
      fieldId: 'role',
      customerGroupId: 'root',
      fieldLabel: 'role',
      excludedOptionsByGroup: [
        { customerGroupId: 'north', optionIds: ['role.1'] },
        { customerGroupId: 'quay', optionIds: ['role.2'] },
      ],
    });
    const [inNorth] = await list('north');
    expect(inNorth!.options.map((option) => option.excluded)).toEqual([true, false]);
    expect(inNorth!.all_options_disabled).toBe(false);
    const [inQuay] = await list('quay');
    expect(inQuay!.all_options_disabled).toBe(true);
    const [inSouth] = await list('south');
    expect(inSouth!.options.map((option) => option.excluded)).toEqual([false, false]);
    await apply(contactFieldsProjection, 'ContactFieldOptionDeleted', { fieldId: 'role', customerGroupId: 'root', fieldLabel: 'role', optionId: 'role.1', label: 'Driver' });
    const [afterDelete] = await list('north');
    expect(afterDelete!.options.map((option) => option.id)).toEqual(['role.2']);
    expect(afterDelete!.excluded_options_by_group).toEqual({ quay: ['role.2'] });
  });

  it("reads the fields through the index on the group, never by scanning the tenant's fields", () => {
    const { filter, options } = fieldsOfGroups(['root', 'north']);
    const { plan } = store.explain(CONTACT_FIELDS, 'root', filter, options);
    expect(plan.join('\n')).toMatch(/USING INDEX read_store_ix_/);
  });
});
