import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { ActivityLogPageDto, ContactFieldDto, ContactFieldOptionDto, CustomerGroupDto, CustomerGroupFieldDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { createUser } from './testing/users';

let app: TestApp;
let admin: string;
let operator: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const southId = DEMO_GROUPS[2].customerGroupId;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  operator = await login(app, 'operator@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const FIELD_TYPES = ['TEXT', 'NUMERIC', 'POSTCODE', 'EMAIL', 'PAGER', 'MULTISELECT', 'SINGLESELECT', 'PHONE(SMS)', 'PHONE(VOICE)', 'PHONE(SMS&VOICE)'];

const createField = (key: string, body: object) => request(app.url).post('/api/field/').set(auth(key)).send(body);
const changeField = (key: string, id: string, body: object) => request(app.url).put(`/api/field/${id}/`).set(auth(key)).send(body);
const deleteField = (key: string, id: string) => request(app.url).delete(`/api/field/${id}/`).set(auth(key));
const exclude = (key: string, id: string, mapping: unknown) =>
  request(app.url).put(`/api/field/${id}/excluded_options_by_group/`).set(auth(key)).send({ excluded_options_by_group: mapping });
const addOption = (key: string, body: object) => request(app.url).post('/api/option/').set(auth(key)).send(body);
const changeOption = (key: string, id: string, body: object) => request(app.url).put(`/api/option/${encodeURIComponent(id)}/`).set(auth(key)).send(body);
const deleteOption = (key: string, groupId: string, id: string) =>
  request(app.url).delete(`/api/customer_group/${groupId}/option/${encodeURIComponent(id)}/`).set(auth(key));

/** The fields list of a group, once the read models have caught up with `position`. */
async function fieldsOf(key: string, groupId: string, position: string, query: Record<string, string> = {}): Promise<CustomerGroupFieldDto[]> {
  const response = await request(app.url).get(`/api/customer_group/${groupId}/fields/`).query(query).set(auth(key)).set('X-Read-Position', position).expect(200);
  return response.body as CustomerGroupFieldDto[];
}

/** A select field in `groupId` with the given options: the field as answered and its event's position. */
async function selectField(label: string, groupId: string, options: string[]): Promise<{ field: ContactFieldDto; position: string }> {
  const response = await createField(admin, { label, field_type: 'SINGLESELECT', customer_group: groupId, options }).expect(201);
  return { field: response.body as ContactFieldDto, position: response.headers['x-event-position'] };
}

async function childGroup(name: string, parent: string): Promise<string> {
  return ((await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name, parent }).expect(201)).body as CustomerGroupDto).id;
}

describe('POST /api/field/', () => {
  it.each(FIELD_TYPES.map((fieldType) => [fieldType]))('creates a %s field that the group lists', async (fieldType) => {
    const response = await createField(admin, { label: ` ${fieldType} contact `, field_type: fieldType, customer_group: northId }).expect(201);
    const field = response.body as ContactFieldDto;
    expect(field).toMatchObject({ label: `${fieldType} contact`, field_type: fieldType, customer_group: northId, options: [], excluded_options_by_group: {} });
    const listed = (await fieldsOf(admin, northId, response.headers['x-event-position'])).find((entry) => entry.id === field.id);
    expect(listed).toMatchObject({ label: `${fieldType} contact`, field_type: fieldType, is_inherited: false, all_options_disabled: false });
  });

  it('lists the devices a field yields: two for a combined phone field', async () => {
    const response = await createField(admin, { label: 'Work phone', field_type: 'PHONE(SMS&VOICE)', customer_group: rootId }).expect(201);
    const listed = (await fieldsOf(admin, rootId, response.headers['x-event-position'])).find((entry) => entry.id === (response.body as ContactFieldDto).id);
    expect(listed?.devices.map((device) => [device.dispatch_type, device.label])).toEqual([
      ['SMS', 'SMS'],
      ['VOICE', 'Voice Call'],
    ]);
  });

  it('creates a select field with its options, which a child group inherits', async () => {
    const { field, position } = await selectField('Shift', rootId, ['Day', { label: 'Night' } as unknown as string]);
    expect(field.options.map((option) => option.label)).toEqual(['Day', 'Night']);
    const inherited = (await fieldsOf(admin, northId, position)).find((entry) => entry.id === field.id);
    expect(inherited).toMatchObject({ customer_group: rootId, is_inherited: true });
    expect(inherited?.options.map((option) => [option.label, option.excluded])).toEqual([
      ['Day', false],
      ['Night', false],
    ]);
  });

  it.each([
    ['a missing label', { field_type: 'TEXT' }, 'label', 'This field is required.'],
    ['a blank label', { label: '  ', field_type: 'TEXT' }, 'label', 'This field may not be blank.'],
    ['a label over 100 characters', { label: 'x'.repeat(101), field_type: 'TEXT' }, 'label', 'Ensure this field has no more than 100 characters.'],
    ['an unknown type', { label: 'Birthday', field_type: 'DATE' }, 'field_type', '"DATE" is not a valid choice.'],
    ['options on a text field', { label: 'Notes', field_type: 'TEXT', options: ['A'] }, 'options', 'Only SINGLESELECT and MULTISELECT fields have options.'],
    ['a blank option', { label: 'Site', field_type: 'MULTISELECT', options: ['A', ' '] }, 'options', 'Option 2: This field may not be blank.'],
    ['a duplicate option', { label: 'Site', field_type: 'MULTISELECT', options: ['Dock', 'DOCK'] }, 'options', 'Option 2: This field already has an option with this label.'],
    ['options that are not a list', { label: 'Site', field_type: 'MULTISELECT', options: 'Dock' }, 'options', 'Expected a list of items.'],
    ['a missing customer group', { label: 'Site', field_type: 'TEXT', customer_group: undefined }, 'customer_group', 'This field is required.'],
  ])('answers 400 naming the field for %s', async (_case, body, field, message) => {
    const response = await createField(admin, { customer_group: northId, ...body }).expect(400);
    because(`${field} should say ${message}`, () => expect((response.body as Record<string, string[]>)[field]?.join(' ')).toContain(message));
  });

  it('creates one field and one option for requests retried with the same Idempotency-Key', async () => {
    const body = { label: 'Retried', field_type: 'MULTISELECT', customer_group: northId, options: ['One'] };
    const first = await createField(admin, body).set('Idempotency-Key', 'create-field-1').expect(201);
    const retry = await createField(admin, body).set('Idempotency-Key', 'create-field-1').expect(201);
    expect(retry.body).toEqual(first.body);
    const fieldId = (first.body as ContactFieldDto).id;
    const option = await addOption(admin, { field: fieldId, label: 'Two' }).set('Idempotency-Key', 'add-option-1').expect(201);
    const again = await addOption(admin, { field: fieldId, label: 'Two' }).set('Idempotency-Key', 'add-option-1').expect(201);
    expect(again.body).toEqual(option.body);
    const listed = await fieldsOf(admin, northId, again.headers['x-event-position']);
    expect(listed.filter((entry) => entry.label === 'Retried').map((entry) => entry.options.map((entry) => entry.label))).toEqual([['One', 'Two']]);
  });

  it("answers 404 for a group outside the caller's reach and another tenant's", async () => {
    const northAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const key = await login(app, northAdmin.email, northAdmin.password);
    await createField(key, { label: 'Up', field_type: 'TEXT', customer_group: rootId }).expect(404);
    await createField(key, { label: 'Sideways', field_type: 'TEXT', customer_group: southId }).expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    expect((await createField(otherAdmin, { label: 'Intruder', field_type: 'TEXT', customer_group: rootId }).expect(404)).body).toEqual({ detail: 'Not found.' });
    await createField(admin, { label: 'Intruder', field_type: 'TEXT', customer_group: other.rootId }).expect(404);
    await createField(admin, { label: 'Hostile', field_type: 'TEXT', customer_group: '../__proto__' }).expect(404);
  });

  it('forbids every role but admin to write, and lets operators read', async () => {
    const { field, position } = await selectField('Team', northId, ['Red']);
    for (const role of ['operator', 'sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await because(`${role} creates`, () => expect(createField(key, { label: 'Mine', field_type: 'TEXT', customer_group: northId })).resolves.toHaveProperty('status', 403));
      await because(`${role} renames`, () => expect(changeField(key, field.id, { label: 'Mine' })).resolves.toHaveProperty('status', 403));
      await because(`${role} deletes`, () => expect(deleteField(key, field.id)).resolves.toHaveProperty('status', 403));
      await because(`${role} excludes`, () => expect(exclude(key, field.id, {})).resolves.toHaveProperty('status', 403));
      await because(`${role} adds an option`, () => expect(addOption(key, { field: field.id, label: 'Blue' })).resolves.toHaveProperty('status', 403));
      await because(`${role} renames an option`, () => expect(changeOption(key, field.options[0]!.id, { label: 'Blue' })).resolves.toHaveProperty('status', 403));
      await because(`${role} deletes an option`, () => expect(deleteOption(key, northId, field.options[0]!.id)).resolves.toHaveProperty('status', 403));
    }
    expect((await fieldsOf(operator, northId, position)).map((entry) => entry.id)).toContain(field.id);
    for (const role of ['sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await because(`${role} reads`, () => expect(request(app.url).get(`/api/customer_group/${northId}/fields/`).set(auth(key))).resolves.toHaveProperty('status', 403));
    }
  });
});

describe('PUT and DELETE /api/field/{id}/', () => {
  it('renames a field, and refuses another type or group, naming each', async () => {
    const { field } = await selectField('Depot', northId, ['A']);
    const renamed = await changeField(admin, field.id, { id: field.id, label: 'Base', field_type: 'SINGLESELECT', customer_group: northId }).expect(200);
    expect(renamed.body).toMatchObject({ id: field.id, label: 'Base' });
    expect((await fieldsOf(admin, northId, renamed.headers['x-event-position'])).find((entry) => entry.id === field.id)?.label).toBe('Base');
    const refused = await changeField(admin, field.id, { label: ' ', field_type: 'TEXT', customer_group: rootId }).expect(400);
    expect(refused.body).toMatchObject({
      label: ['This field may not be blank.'],
      field_type: ['The type of a field cannot be changed once it is created. Create a new field instead.'],
      customer_group: ['A field stays in the customer group it was created in.'],
    });
    expect((await changeField(admin, field.id, { id: 'another' }).expect(400)).body).toMatchObject({ id: ['Does not match the id of the URL.'] });
  });

  it("deletes a field, which leaves the list; 404 afterwards and for unknown or another tenant's ids", async () => {
    const { field } = await selectField('Temporary', northId, ['A']);
    const deleted = await deleteField(admin, field.id).expect(204);
    expect((await fieldsOf(admin, northId, deleted.headers['x-event-position'])).map((entry) => entry.id)).not.toContain(field.id);
    await deleteField(admin, field.id).expect(404);
    await changeField(admin, field.id, { label: 'Back' }).expect(404);
    await deleteField(admin, 'no-such-field').expect(404);
    await deleteField(admin, '%2E%2E%2F__proto__').expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const { field: mine } = await selectField('Private', rootId, ['A']);
    await changeField(otherAdmin, mine.id, { label: 'Stolen' }).expect(404);
    await deleteField(otherAdmin, mine.id).expect(404);
    await exclude(otherAdmin, mine.id, {}).expect(404);
    await request(app.url).get(`/api/customer_group/${rootId}/fields/`).set(auth(otherAdmin)).expect(404);
  });
});

describe('options', () => {
  it('adds, renames and deletes options of a select field', async () => {
    const { field } = await selectField('Vehicle', northId, ['Van']);
    const added = await addOption(admin, { field: field.id, label: ' Truck ' }).expect(201);
    const option = added.body as ContactFieldOptionDto;
    expect(option).toMatchObject({ field: field.id, label: 'Truck' });
    const renamed = await changeOption(admin, option.id, { field: field.id, label: 'Lorry' }).expect(200);
    expect(renamed.body).toEqual({ id: option.id, field: field.id, label: 'Lorry' });
    expect((await fieldsOf(admin, northId, renamed.headers['x-event-position'])).find((entry) => entry.id === field.id)?.options.map((entry) => entry.label)).toEqual([
      'Van',
      'Lorry',
    ]);
    const deleted = await deleteOption(admin, northId, option.id).expect(204);
    expect((await fieldsOf(admin, northId, deleted.headers['x-event-position'])).find((entry) => entry.id === field.id)?.options.map((entry) => entry.label)).toEqual(['Van']);
    await changeOption(admin, option.id, { label: 'Again' }).expect(404);
  });

  it('answers 400 naming the field for bad labels and options on a non-select field', async () => {
    const { field } = await selectField('Floor', northId, ['Ground']);
    expect((await addOption(admin, { field: field.id, label: 'GROUND' }).expect(400)).body).toMatchObject({ label: ['This field already has an option with this label.'] });
    expect((await addOption(admin, { field: field.id, label: '' }).expect(400)).body).toMatchObject({ label: ['This field may not be blank.'] });
    expect((await addOption(admin, { label: 'Roof' }).expect(400)).body).toMatchObject({ field: ['This field is required.'] });
    const text = (await createField(admin, { label: 'Note', field_type: 'TEXT', customer_group: northId }).expect(201)).body as ContactFieldDto;
    expect((await addOption(admin, { field: text.id, label: 'A' }).expect(400)).body).toMatchObject({ field: ['Only SINGLESELECT and MULTISELECT fields have options.'] });
    expect((await changeOption(admin, field.options[0]!.id, { field: text.id, label: 'Basement' }).expect(400)).body).toMatchObject({ field: ['An option stays with its field.'] });
  });

  it("answers 404 for unknown options, another group's URL and another tenant's options", async () => {
    const { field } = await selectField('Wing', northId, ['East']);
    const option = field.options[0]!.id;
    await deleteOption(admin, southId, option).expect(404);
    await deleteOption(admin, rootId, option).expect(404);
    await changeOption(admin, `${field.id}.9`, { label: 'West' }).expect(404);
    await changeOption(admin, 'no-such-option', { label: 'West' }).expect(404);
    await addOption(admin, { field: 'no-such-field', label: 'West' }).expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    await addOption(otherAdmin, { field: field.id, label: 'West' }).expect(404);
    await changeOption(otherAdmin, option, { label: 'West' }).expect(404);
    await deleteOption(otherAdmin, other.rootId, option).expect(404);
  });
});

describe('options excluded by group', () => {
  it('excludes an option for a child group (and its descendants), and all_options_disabled when all are', async () => {
    const team = await childGroup('Quay Team', northId);
    const shift = await childGroup('Quay Night Shift', team);
    const { field } = await selectField('Role', northId, ['Driver', 'Loader']);
    const [driver, loader] = field.options.map((option) => option.id);
    const one = await exclude(admin, field.id, { [team]: [driver] }).expect(200);
    expect((one.body as ContactFieldDto).excluded_options_by_group).toEqual({ [team]: [driver] });
    const position = one.headers['x-event-position'];
    const inTeam = (await fieldsOf(admin, team, position)).find((entry) => entry.id === field.id)!;
    expect(inTeam.options.map((option) => [option.id, option.excluded])).toEqual([
      [driver, true],
      [loader, false],
    ]);
    expect(inTeam.all_options_disabled).toBe(false);
    expect((await fieldsOf(admin, shift, position)).find((entry) => entry.id === field.id)!.options[0]!.excluded).toBe(true);
    expect((await fieldsOf(admin, northId, position)).find((entry) => entry.id === field.id)!.options.every((option) => !option.excluded)).toBe(true);

    const all = await exclude(admin, field.id, { [team]: [driver, loader] }).expect(200);
    expect((await fieldsOf(admin, team, all.headers['x-event-position'])).find((entry) => entry.id === field.id)!.all_options_disabled).toBe(true);
    const none = await exclude(admin, field.id, {}).expect(200);
    expect((await fieldsOf(admin, team, none.headers['x-event-position'])).find((entry) => entry.id === field.id)!.all_options_disabled).toBe(false);
  });

  it('drops a deleted group from the mapping, so the mapping read before it went can be sent back', async () => {
    const team = await childGroup('Short-lived Crew', northId);
    const { field } = await selectField('Boat', northId, ['Tug']);
    const mapping = ((await exclude(admin, field.id, { [team]: [field.options[0]!.id] }).expect(200)).body as ContactFieldDto).excluded_options_by_group;
    await request(app.url).delete(`/api/customer_group/${team}/`).set(auth(admin)).expect(204);
    expect(((await exclude(admin, field.id, mapping).expect(200)).body as ContactFieldDto).excluded_options_by_group).toEqual({});
  });

  it('answers 400 for unknown options and groups not below the field, 404 for groups out of reach', async () => {
    const team = await childGroup('Gate Team', northId);
    const { field } = await selectField('Gate', northId, ['A']);
    const unknown = await exclude(admin, field.id, { [team]: ['not-an-option'] }).expect(400);
    expect(unknown.body).toMatchObject({ excluded_options_by_group: ['"not-an-option" is not an option of this field.'] });
    const own = await exclude(admin, field.id, { [northId]: [field.options[0]!.id] }).expect(400);
    expect((own.body as Record<string, string[]>).excluded_options_by_group?.[0]).toContain('is not below the field');
    await exclude(admin, field.id, { [southId]: [field.options[0]!.id] }).expect(400);
    expect((await exclude(admin, field.id, ['x']).expect(400)).body).toMatchObject({ excluded_options_by_group: ['Expected an object.'] });
    const other = await createSecondTenant(app);
    await exclude(admin, field.id, { [other.rootId]: [field.options[0]!.id] }).expect(404);
    await exclude(admin, field.id, { 'no-such-group': [] }).expect(404);
  });

  it('lists the mapping per group, child fields, recipient counts and import fields as the flags ask', async () => {
    const team = await childGroup('Pier Crew', northId);
    const { field, position: first } = await selectField('Crew role', northId, ['Lead', 'Hand']);
    const [lead] = field.options.map((option) => option.id);
    const teamField = (await createField(admin, { label: 'Crew locker', field_type: 'TEXT', customer_group: team }).expect(201)).body as ContactFieldDto;
    const excluded = await exclude(admin, field.id, { [team]: [lead] }).expect(200);
    const position = excluded.headers['x-event-position'];
    expect(Number(position)).toBeGreaterThan(Number(first));

    const plain = await fieldsOf(admin, northId, position);
    expect(plain.map((entry) => entry.id)).not.toContain(teamField.id);
    expect(plain.find((entry) => entry.id === field.id)!.options[0]).not.toHaveProperty('mapping');
    expect(plain.find((entry) => entry.id === field.id)!.options[0]).not.toHaveProperty('recipient_count');

    const mapped = await fieldsOf(admin, northId, position, { mapping: 'true', include_child_fields: 'true' });
    expect(mapped.map((entry) => entry.id)).toEqual(expect.arrayContaining([field.id, teamField.id]));
    const leadMapping = mapped.find((entry) => entry.id === field.id)!.options[0]!.mapping!;
    expect(leadMapping).toEqual(
      expect.arrayContaining([
        { customer_group: northId, is_inherited: false, excluded: false },
        { customer_group: team, is_inherited: true, excluded: true },
      ]),
    );
    expect(mapped.findIndex((entry) => entry.id === field.id)).toBeLessThan(mapped.findIndex((entry) => entry.id === teamField.id));

    const counted = await fieldsOf(admin, northId, position, { aggregate_field_options_with_recipient_count: 'true' });
    expect(counted.find((entry) => entry.id === field.id)!.options.map((option) => option.recipient_count)).toEqual([0, 0]);
    const holder = (customerGroup: string, optionId: string) => ({
      email: `crew-${randomUUID().slice(0, 8)}@demo.test`,
      first_name: 'Crew',
      last_name: 'Member',
      customer_group: customerGroup,
      customer_permission: 'CONTACT',
      preferred_timezone: 'Europe/London',
      custom_fields: [{ field: field.id, values: [optionId] }],
    });
    const hand = field.options[1]!.id;
    await request(app.url).post('/api/user/').set(auth(admin)).send(holder(northId, lead!)).expect(201);
    await request(app.url).post('/api/user/').set(auth(admin)).send(holder(team, hand)).expect(201);
    const last = await request(app.url).post('/api/user/').set(auth(admin)).send(holder(northId, hand)).expect(201);
    const recounted = await fieldsOf(admin, northId, last.headers['x-event-position'], { aggregate_field_options_with_recipient_count: 'true' });
    because('each option counts the users of the group and those below who hold it', () =>
      expect(recounted.find((entry) => entry.id === field.id)!.options.map((option) => option.recipient_count)).toEqual([1, 2]),
    );
    const teamCounted = await fieldsOf(admin, team, last.headers['x-event-position'], { aggregate_field_options_with_recipient_count: 'true' });
    expect(teamCounted.find((entry) => entry.id === field.id)!.options.map((option) => option.recipient_count)).toEqual([0, 1]);

    const byRow = await fieldsOf(admin, northId, position, { import_contacts: 'true', import_by_column: 'false' });
    expect(byRow.map((entry) => entry.id)).not.toContain(teamField.id);
    const byColumn = await fieldsOf(admin, northId, position, { import_contacts: 'true', import_by_column: 'true' });
    expect(byColumn.map((entry) => entry.id)).toContain(teamField.id);
    const withOperatorFlag = await fieldsOf(operator, northId, position, { mapping: 'true', has_operator_access: 'true', session_id: 'any' });
    expect(withOperatorFlag.map((entry) => entry.id)).toContain(field.id);
  });
});

describe('scenario usage lists', () => {
  it('answer an empty first page for a field and an option, 404 for unknown ones', async () => {
    const { field, position } = await selectField('Zone', northId, ['Z1']);
    const page = await request(app.url).get(`/api/field/scenarios/${field.id}/`).query({ page: '1', page_size: '10' }).set(auth(operator)).set('X-Read-Position', position).expect(200);
    expect(page.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const optionPage = await request(app.url).get(`/api/field_option/scenarios/${encodeURIComponent(field.options[0]!.id)}/`).set(auth(admin)).set('X-Read-Position', position).expect(200);
    expect(optionPage.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    await request(app.url).get('/api/field/scenarios/no-such-field/').set(auth(admin)).expect(404);
    await request(app.url).get(`/api/field_option/scenarios/${encodeURIComponent(`${field.id}.9`)}/`).set(auth(admin)).set('X-Read-Position', position).expect(404);
    expect((await request(app.url).get(`/api/field/scenarios/${field.id}/`).query({ page_size: '0' }).set(auth(admin)).expect(400)).body).toMatchObject({
      page_size: ['A page size is a whole number from 1 to 100.'],
    });
  });
});

describe('the activity log', () => {
  it('tells who created, renamed, excluded and deleted fields and options', async () => {
    const team = await childGroup('Log Team', northId);
    const { field } = await selectField('Badge', northId, ['Blue']);
    await changeField(admin, field.id, { label: 'Badge colour' }).expect(200);
    const option = (await addOption(admin, { field: field.id, label: 'Green' }).expect(201)).body as ContactFieldOptionDto;
    await changeOption(admin, option.id, { label: 'Lime' }).expect(200);
    await exclude(admin, field.id, { [team]: [option.id] }).expect(200);
    await deleteOption(admin, northId, option.id).expect(204);
    const last = await deleteField(admin, field.id).expect(204);
    const log = await request(app.url).get('/api/activity_log/').query({ page_size: '50' }).set(auth(admin)).set('X-Read-Position', last.headers['x-event-position']).expect(200);
    const actions = (log.body as ActivityLogPageDto).data.activity_logs.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Created field Badge (SINGLESELECT)',
        'Renamed field Badge to Badge colour',
        'Added option Green to field Badge colour',
        'Renamed option Green of field Badge colour to Lime',
        'Changed the options of field Badge colour excluded for 1 customer group',
        'Deleted option Lime of field Badge colour',
        'Deleted field Badge colour',
      ]),
    );
    const created = (log.body as ActivityLogPageDto).data.activity_logs.find((entry) => entry.action === 'Created field Badge (SINGLESELECT)');
    expect(created?.user?.email).toBe('admin@demo.test');
  });
});
