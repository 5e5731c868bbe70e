import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { CustomerGroupDto, CustomerGroupFieldDto, UserDto, UserFieldValueDto, UserListPageDto, UserSelfDto } from '@beacon/contracts';
import { because, eventually } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { createUser } from './testing/users';

/*
 * Users' contact-field values (spec part 2 §3 "Field values"): devices and data set with POST and PUT
 * /api/user/ `custom_fields`, read back with GET /api/user/{id}/?custom_fields=true, and found by the
 * user list's `field`/`value` and `search_by_missing_value`.
 */

let app: TestApp;
let admin: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const southId = DEMO_GROUPS[2].customerGroupId;
let fields: CustomerGroupFieldDto[];

const fieldNamed = (label: string) => fields.find((field) => field.label === label)!;
const optionOf = (label: string, option: string) => fieldNamed(label).options.find((entry) => entry.label === option)!.id;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  fields = (await request(app.url).get(`/api/customer_group/${northId}/fields/`).set(auth(admin)).expect(200)).body as CustomerGroupFieldDto[];
});

afterAll(async () => {
  await app?.close();
});

const newUser = (overrides: object = {}) => ({
  email: `cf-${randomUUID().slice(0, 8)}@demo.test`,
  first_name: 'Cato',
  last_name: `Field${randomUUID().slice(0, 4)}`,
  customer_group: northId,
  customer_permission: 'CONTACT',
  preferred_timezone: 'Europe/London',
  ...overrides,
});

async function createWith(customFields: object[], key = admin, overrides: object = {}): Promise<{ user: UserDto; position: string }> {
  const response = await request(app.url).post('/api/user/').set(auth(key)).send(newUser({ custom_fields: customFields, ...overrides })).expect(201);
  return { user: response.body as UserDto, position: response.headers['x-event-position'] };
}

async function read(id: string, position: string, key = admin): Promise<UserFieldValueDto[]> {
  const response = await request(app.url).get(`/api/user/${id}/?custom_fields=true`).set(auth(key)).set('X-Read-Position', position).expect(200);
  return (response.body as UserDto).custom_fields!;
}

const valueOf = (values: UserFieldValueDto[], label: string) => values.find((entry) => entry.field_value_label === label)!;

describe('contact-field values on POST /api/user/', () => {
  it('records devices in E.164 and data as options, read back with their labels', async () => {
    const { user, position } = await createWith([
      { field: fieldNamed('Mobile').id, values: ['07911 123456'] },
      { field: fieldNamed('Work email').id, values: ['Cato@Example.TEST'] },
      { field: fieldNamed('Skills').id, values: [optionOf('Skills', 'Driver'), optionOf('Skills', 'First aid')] },
    ]);
    const values = await read(user.id, position);
    because('every field of the group is listed, in the fields list order', () => expect(values.map((entry) => entry.field)).toEqual(fields.map((field) => field.id)));
    expect(valueOf(values, 'Mobile')).toEqual({
      field: fieldNamed('Mobile').id,
      field_type: 'PHONE(SMS&VOICE)',
      field_value_label: 'Mobile',
      user: user.id,
      values: ['+447911123456'],
      option_label: null,
    });
    expect(valueOf(values, 'Work email').values).toEqual(['cato@example.test']);
    expect(valueOf(values, 'Skills')).toMatchObject({ values: [optionOf('Skills', 'Driver'), optionOf('Skills', 'First aid')], option_label: 'Driver, First aid' });
    expect(valueOf(values, 'Shift')).toMatchObject({ values: [], option_label: null });
  });

  it("lists the options each select field offers the user's group, for a user editing themselves too", async () => {
    const team = (await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: `Team ${randomUUID().slice(0, 6)}`, parent: rootId }).expect(201))
      .body as CustomerGroupDto;
    await request(app.url).put(`/api/customer_group_settings/${team.id}/`).set(auth(admin)).send({ send_verification_email: true }).expect(200);
    const shift = fieldNamed('Shift');
    const response = await request(app.url)
      .put(`/api/field/${shift.id}/excluded_options_by_group/`)
      .set(auth(admin))
      .send({ excluded_options_by_group: { [team.id]: [optionOf('Shift', 'Evening')] } })
      .expect(200);
    const self = await createUser(app, { role: 'CONTACT', customerGroupId: team.id });
    const key = await login(app, self.email, self.password);

    // The user is registered straight on the command bus: read once the users read model has them.
    const values = await eventually(() => read(self.userId, response.headers['x-event-position'], key), { timeout: 5_000 });
    expect(valueOf(values, 'Shift').options).toEqual([
      { id: optionOf('Shift', 'Day'), label: 'Day' },
      { id: optionOf('Shift', 'Night'), label: 'Night' },
    ]);
    expect(valueOf(values, 'Skills').options?.map((option) => option.label)).toEqual(['First aid', 'Fire warden', 'Forklift', 'Driver']);
    because('fields without options list none', () => expect(valueOf(values, 'Mobile').options).toBeUndefined());
  });

  it.each([
    ['an unknown field', () => [{ field: randomUUID(), values: ['x'] }]],
    ['a prototype name as the field', () => [{ field: '__proto__', values: ['x'] }]],
    ['an invalid phone number', () => [{ field: fieldNamed('Mobile').id, values: ['12'] }]],
    ['an invalid email', () => [{ field: fieldNamed('Work email').id, values: ['nope'] }]],
    ['two options of a single choice', () => [{ field: fieldNamed('Shift').id, values: [optionOf('Shift', 'Day'), optionOf('Shift', 'Night')] }]],
    ['an option of another field', () => [{ field: fieldNamed('Shift').id, values: [optionOf('Site', 'Head Office')] }]],
  ])('answers 400 under custom_fields for %s, recording no user', async (_case, customFields) => {
    const sent = newUser({ custom_fields: customFields() });
    const response = await request(app.url).post('/api/user/').set(auth(admin)).send(sent).expect(400);
    expect(response.body.custom_fields).toHaveLength(1);
    const list = await request(app.url).get(`/api/customer_group/${northId}/users/`).query({ search_by_address_string: sent.email }).set(auth(admin)).expect(200);
    because('a refused user is not created', () => expect((list.body as UserListPageDto).count).toBe(0));
  });

  it.each([
    ['not a list', 'mobile'],
    ['values not a list', [{ field: 'x', values: 'y' }]],
    ['a value that is not text', [{ field: 'x', values: [7] }]],
    ['a value too long', [{ field: 'x', values: ['y'.repeat(300)] }]],
  ])('answers 400 naming custom_fields when it is %s', async (_case, customFields) => {
    const response = await request(app.url).post('/api/user/').set(auth(admin)).send(newUser({ custom_fields: customFields })).expect(400);
    because('the error names custom_fields', () => expect(JSON.stringify(response.body)).toContain('custom_fields'));
  });

  it("refuses a field defined in another group's branch (it does not apply to the user's group)", async () => {
    const group = (await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: `Team ${randomUUID().slice(0, 6)}`, parent: southId }).expect(201))
      .body as CustomerGroupDto;
    const southField = (await request(app.url).post('/api/field/').set(auth(admin)).send({ label: 'Radio call sign', field_type: 'TEXT', customer_group: group.id }).expect(201))
      .body as { id: string };
    const response = await request(app.url).post('/api/user/').set(auth(admin)).send(newUser({ custom_fields: [{ field: southField.id, values: ['Kilo'] }] })).expect(400);
    expect(response.body.custom_fields[0]).toContain('is not a contact field of this user');
  });

  it("refuses an option the user's group excludes", async () => {
    const site = fieldNamed('Site');
    const excluded = optionOf('Site', 'West Depot');
    await request(app.url)
      .put(`/api/field/${site.id}/excluded_options_by_group/`)
      .set(auth(admin))
      .send({ excluded_options_by_group: { [southId]: [excluded] } })
      .expect(200);
    const response = await request(app.url).post('/api/user/').set(auth(admin)).send(newUser({ customer_group: southId, custom_fields: [{ field: site.id, values: [excluded] }] }));
    expect(response.status).toBe(400);
    expect(response.body.custom_fields[0]).toContain('is not an option this customer group offers');
  });
});

describe('contact-field values on PUT /api/user/{id}/', () => {
  it('changes and clears values, keeping the fields not sent', async () => {
    const { user } = await createWith([
      { field: fieldNamed('Mobile').id, values: ['+447911123456'] },
      { field: fieldNamed('Shift').id, values: [optionOf('Shift', 'Day')] },
    ]);
    const response = await request(app.url)
      .put(`/api/user/${user.id}/`)
      .set(auth(admin))
      .send({ custom_fields: [{ field: fieldNamed('Shift').id, values: [optionOf('Shift', 'Night')] }, { field: fieldNamed('Mobile').id, values: [] }] })
      .expect(200);
    const values = await read(user.id, response.headers['x-event-position']);
    expect(valueOf(values, 'Shift')).toMatchObject({ values: [optionOf('Shift', 'Night')], option_label: 'Night' });
    expect(valueOf(values, 'Mobile').values).toEqual([]);
  });

  it('lets users change their own devices when their group sends verification emails, and no one else\'s', async () => {
    const team = (await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: `Team ${randomUUID().slice(0, 6)}`, parent: rootId }).expect(201))
      .body as CustomerGroupDto;
    await request(app.url).put(`/api/customer_group_settings/${team.id}/`).set(auth(admin)).send({ send_verification_email: true }).expect(200);
    const self = await createUser(app, { role: 'SENDER', customerGroupId: team.id });
    const { user: other } = await createWith([], admin, { customer_group: team.id });
    const key = await login(app, self.email, self.password);
    const mobile = { custom_fields: [{ field: fieldNamed('Mobile').id, values: ['07911 123457'] }] };
    const response = await request(app.url).put(`/api/user/${self.userId}/`).set(auth(key)).send(mobile).expect(200);
    expect(valueOf(await read(self.userId, response.headers['x-event-position'], key), 'Mobile').values).toEqual(['+447911123457']);
    await request(app.url).put(`/api/user/${other.id}/`).set(auth(key)).send(mobile).expect(403);
  });

  it("clears, on a move, the values of fields the new group does not have: the user is no longer found by them", async () => {
    const locker = (await request(app.url).post('/api/field/').set(auth(admin)).send({ label: `Locker ${randomUUID().slice(0, 4)}`, field_type: 'TEXT', customer_group: northId }).expect(201))
      .body as { id: string };
    const { user } = await createWith([
      { field: locker.id, values: ['B12'] },
      { field: fieldNamed('Mobile').id, values: ['07911 123456'] },
    ]);
    const moved = await request(app.url).put(`/api/user/${user.id}/`).set(auth(admin)).send({ customer_group: southId }).expect(200);
    const position = moved.headers['x-event-position'];
    const values = await read(user.id, position);
    expect(values.map((entry) => entry.field)).not.toContain(locker.id);
    expect(valueOf(values, 'Mobile').values).toEqual(['+447911123456']);
    const found = await request(app.url)
      .get(`/api/customer_group/${rootId}/users/`)
      .query({ all: 'true', field: locker.id, value: 'B12' })
      .set(auth(admin))
      .set('X-Read-Position', position)
      .expect(200);
    because('the value left behind no longer finds the user', () => expect((found.body as UserListPageDto).count).toBe(0));
  });

  it("answers 404 for another organisation's user and sends nothing to them", async () => {
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const { user } = await createWith([]);
    await request(app.url).put(`/api/user/${user.id}/`).set(auth(otherAdmin)).send({ custom_fields: [] }).expect(404);
  });
});

describe('the user list by contact-field value', () => {
  it('finds users holding an option, a phone number in any form, and users missing a device', async () => {
    const { user: driver } = await createWith([{ field: fieldNamed('Skills').id, values: [optionOf('Skills', 'Forklift')] }]);
    const { user: phoned, position } = await createWith([{ field: fieldNamed('Landline').id, values: ['020 7946 0958'] }]);
    const list = async (query: object) =>
      (await request(app.url).get(`/api/customer_group/${northId}/users/`).query({ items_per_page: 100, ...query }).set(auth(admin)).set('X-Read-Position', position).expect(200))
        .body as UserListPageDto;
    const holding = await list({ field: fieldNamed('Skills').id, value: optionOf('Skills', 'Forklift') });
    expect(holding.data.map((user) => user.id)).toContain(driver.id);
    expect(holding.data.map((user) => user.id)).not.toContain(phoned.id);
    expect((await list({ field: fieldNamed('Landline').id, value: '+442079460958' })).data.map((user) => user.id)).toEqual([phoned.id]);
    const missing = await list({ search_by_missing_value: fieldNamed('Landline').id, all: 'true' });
    expect(missing.data.map((user) => user.id)).toContain(driver.id);
    expect(missing.data.map((user) => user.id)).not.toContain(phoned.id);
  });

  it('answers 400 for a field that is neither an attribute nor a field id', async () => {
    const response = await request(app.url).get(`/api/customer_group/${northId}/users/`).query({ field: 'constructor', value: 'x' }).set(auth(admin)).expect(400);
    expect(Object.keys(response.body)).toContain('field');
  });
});


describe('GET /api/user/self/?descendant_fields=true', () => {
  it("answers the caller's own values and the fields the groups below theirs define, and nothing more without the flag", async () => {
    const team = (await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: `Crew ${randomUUID().slice(0, 6)}`, parent: northId }).expect(201))
      .body as CustomerGroupDto;
    const created = await request(app.url).post('/api/field/').set(auth(admin)).send({ label: 'Crew locker', field_type: 'TEXT', customer_group: team.id }).expect(201);
    const self = (await request(app.url).get('/api/user/self/?descendant_fields=true').set(auth(admin)).set('X-Read-Position', created.headers['x-event-position']).expect(200))
      .body as UserSelfDto;
    expect(self.email).toBe('admin@demo.test');
    because("the admin's own values: every field of the root group, theirs", () => expect(self.custom_fields!.map((entry) => entry.field)).toContain(fieldNamed('Mobile').id));
    expect(self.descendant_fields).toContainEqual({ id: (created.body as { id: string }).id, label: 'Crew locker', field_type: 'TEXT', customer_group: team.id });
    because('root fields are the caller\'s own, not descendants\'', () => expect(self.descendant_fields!.map((field) => field.id)).not.toContain(fieldNamed('Mobile').id));
    const plain = (await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200)).body as UserSelfDto;
    expect(plain.custom_fields).toBeUndefined();
    expect(plain.descendant_fields).toBeUndefined();
  });
});
