import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AssignOnCallDto, ContactFieldDto, CustomerGroupDto, OnCallPeriodChangeDto, OnCallSettingsDto, OnCallStaffingDto, UserDto } from '@beacon/contracts';
import { CUSTOMER_PERMISSIONS, MINIMUM_STAFFING_PERMISSION, ON_CALL_PERMISSION, STAFFING_NOT_ALLOWED, type CustomerPermission } from '@beacon/domain';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { createUser } from './testing/users';

/**
 * On-call settings and minimum staffing over HTTP: the group's on-call data fields (no device types,
 * reports-only fields first), saving what the screens show and filter by and the staffing minima
 * (unknown fields and options refused), the (option, value) pairs, the warnings a roster change
 * answers where fewer are on call than a minimum asks, and the on-call report.
 */
let app: TestApp;
let tenant: TenantWithRoles;
const keys = new Map<CustomerPermission, string>();
let admin: string;
let northId: string;
let role: ContactFieldDto;
let site: ContactFieldDto;
let mobile: ContactFieldDto;
let pager: ContactFieldDto;
let vehicle: ContactFieldDto;
let driver: string;
let medic: string;

const settings = (id: string) => `/api/customer_group_on_call_settings/${id}/`;
const post = (key: string, path: string, body: object) => request(app.url).post(path).set(auth(key)).send(body);
const get = (key: string, path: string, position = '0') => request(app.url).get(path).set(auth(key)).set('X-Read-Position', position);

async function field(customerGroup: string, label: string, fieldType: string, options?: string[]): Promise<ContactFieldDto> {
  const response = await post(admin, '/api/field/', { label, field_type: fieldType, customer_group: customerGroup, ...(options ? { options } : {}) });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as ContactFieldDto;
}

async function newUser(key: string, overrides: object): Promise<UserDto> {
  const response = await post(key, '/api/user/', {
    email: `staff-${randomUUID().slice(0, 8)}@tenant.test`,
    first_name: 'Staff',
    last_name: 'Member',
    customer_group: tenant.rootId,
    customer_permission: 'CONTACT',
    preferred_timezone: 'Europe/London',
    ...overrides,
  });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as UserDto;
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, [ON_CALL_PERMISSION, MINIMUM_STAFFING_PERMISSION]);
  for (const permission of CUSTOMER_PERMISSIONS) keys.set(permission, await login(app, tenant.emails[permission], TENANT_PASSWORD));
  admin = keys.get('ADMIN')!;
  northId = ((await post(admin, '/api/customer_group/', { name: 'North', parent: tenant.rootId }).expect(201)).body as CustomerGroupDto).id;
  role = await field(tenant.rootId, 'Role', 'SINGLESELECT', ['Driver', 'Medic']);
  [driver, medic] = role.options.map((option) => option.id) as [string, string];
  site = await field(tenant.rootId, 'Site', 'TEXT');
  mobile = await field(tenant.rootId, 'Mobile', 'PHONE(SMS)');
  pager = await field(tenant.rootId, 'Pager', 'PAGER');
  vehicle = await field(northId, 'Vehicle', 'MULTISELECT', ['Van', 'Boat']);
  // North does not offer Medic.
  await request(app.url).put(`/api/field/${role.id}/excluded_options_by_group/`).set(auth(admin)).send({ excluded_options_by_group: { [northId]: [medic] } }).expect(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/customer_group_on_call_settings/{id}/', () => {
  it("answers the defaults and the group's on-call data fields: no device types, fields defined below the group first as reports-only", async () => {
    const answer = (await get(admin, settings(tenant.rootId)).expect(200)).body as OnCallSettingsDto;
    expect(answer.customer_group).toBe(tenant.rootId);
    expect(answer.on_call_settings).toEqual({ display_fields: [], filter_fields: [] });
    expect(answer.options_staffing).toEqual({});
    expect(answer.fields.map((entry) => [entry.label, entry.reports_only, entry.is_inherited])).toEqual([
      ['Vehicle', true, false],
      ['Role', false, false],
      ['Site', false, false],
    ]);
    expect(answer.fields.map((entry) => entry.id)).not.toEqual(expect.arrayContaining([mobile.id]));
    expect(answer.fields.map((entry) => entry.id)).not.toEqual(expect.arrayContaining([pager.id]));
    expect(answer.fields[1]!.options).toEqual([
      { id: driver, label: 'Driver', excluded: false },
      { id: medic, label: 'Medic', excluded: false },
    ]);
  });

  it("shows a child group its ancestors' fields as inherited, with the options excluded for it marked", async () => {
    const answer = (await get(admin, settings(northId)).expect(200)).body as OnCallSettingsDto;
    expect(answer.fields.map((entry) => [entry.label, entry.reports_only, entry.is_inherited])).toEqual([
      ['Role', false, true],
      ['Site', false, true],
      ['Vehicle', false, false],
    ]);
    expect(answer.fields[0]!.options.find((option) => option.id === medic)).toEqual({ id: medic, label: 'Medic', excluded: true });
  });
});

describe('POST /api/customer_group_on_call_settings/{id}/', () => {
  it('saves what the screens show and filter by and the staffing minima; GET and the staffing call answer them', async () => {
    const saved = await post(admin, settings(northId), {
      on_call_settings: { display_fields: [vehicle.id, site.id], filter_fields: [role.id] },
      options_staffing: { [driver]: 1, [vehicle.options[0]!.id]: 0 },
    }).expect(200);
    expect(saved.body).toEqual({
      customer_group: northId,
      on_call_settings: { display_fields: [vehicle.id, site.id], filter_fields: [role.id] },
      options_staffing: { [driver]: 1, [vehicle.options[0]!.id]: 0 },
    });
    const position = saved.headers['x-event-position'];
    const read = (await get(admin, settings(northId), position).expect(200)).body as OnCallSettingsDto;
    expect({ on_call_settings: read.on_call_settings, options_staffing: read.options_staffing }).toEqual({
      on_call_settings: saved.body.on_call_settings,
      options_staffing: saved.body.options_staffing,
    });
    const staffing = (await get(admin, `/api/retrieve_on_call_staffing/${northId}/`, position).expect(200)).body as OnCallStaffingDto[];
    expect(staffing).toEqual([
      { option: driver, value: 1, option_label: 'Driver', field: role.id, field_label: 'Role' },
      { option: vehicle.options[0]!.id, value: 0, option_label: 'Van', field: vehicle.id, field_label: 'Vehicle' },
    ]);
    // A key left out keeps what it had; options_staffing {} removes every minimum.
    const kept = await post(admin, settings(northId), { on_call_settings: { filter_fields: [] }, options_staffing: {} }).expect(200);
    expect(kept.body).toEqual({ customer_group: northId, on_call_settings: { display_fields: [vehicle.id, site.id], filter_fields: [] }, options_staffing: {} });
  });

  it('answers 400 naming on_call_settings for fields that are no on-call data fields of the group', async () => {
    const response = await post(admin, settings(tenant.rootId), { on_call_settings: { display_fields: [mobile.id, 'no-such-field', '__proto__'], filter_fields: [pager.id] } }).expect(400);
    expect(response.body).toEqual({
      detail: 'Invalid on-call settings.',
      on_call_settings: [
        `display_fields: "${mobile.id}" is not an on-call data field of this customer group.`,
        'display_fields: "no-such-field" is not an on-call data field of this customer group.',
        'display_fields: "__proto__" is not an on-call data field of this customer group.',
        `filter_fields: "${pager.id}" is not an on-call data field of this customer group.`,
      ],
    });
  });

  it('answers 400 naming options_staffing for options the group does not offer: unknown, prototype names, excluded, of a text field or of a field below', async () => {
    const bad = await post(admin, '/api/field/', { label: 'Nope', field_type: 'SINGLESELECT', customer_group: tenant.rootId, options: ['X'] });
    const deletedOption = (bad.body as ContactFieldDto).options[0]!.id;
    await request(app.url).delete(`/api/field/${(bad.body as ContactFieldDto).id}/`).set(auth(admin)).expect(204);
    // JSON text: in an object literal `__proto__` would set the prototype rather than be a key.
    const options = ['no.1', '__proto__', vehicle.options[0]!.id, `${site.id}.1`, deletedOption];
    const root = await request(app.url)
      .post(settings(tenant.rootId))
      .set(auth(admin))
      .set('Content-Type', 'application/json')
      .send(`{"options_staffing": {${options.map((option) => `${JSON.stringify(option)}: 1`).join(', ')}}}`)
      .expect(400);
    expect(root.body).toMatchObject({ detail: 'Invalid on-call settings.' });
    const problems = (root.body as { options_staffing: string[] }).options_staffing;
    expect(problems).toHaveLength(5);
    expect(problems).toContain('"__proto__" is not an option of a single or multiple choice field this customer group offers.');
    const north = await post(admin, settings(northId), { options_staffing: { [medic]: 1 } }).expect(400);
    expect(north.body).toEqual({
      detail: 'Invalid on-call settings.',
      options_staffing: [`"${medic}" is not an option of a single or multiple choice field this customer group offers.`],
    });
  });

  it('answers 400 for values that are not whole numbers from 0, and for members of the wrong type', async () => {
    const values = await post(admin, settings(tenant.rootId), { options_staffing: { [driver]: -1, [medic]: 1.5 } }).expect(400);
    expect(values.body).toMatchObject({ options_staffing: [`${driver}: A staffing minimum is a whole number from 0 to 100000.`, `${medic}: A staffing minimum is a whole number from 0 to 100000.`] });
    const types = await post(admin, settings(tenant.rootId), { on_call_settings: [], options_staffing: [1] }).expect(400);
    expect(types.body).toMatchObject({ on_call_settings: ['Expected an object.'], options_staffing: ['Expected an object of option ids, each with a whole number.'] });
    const lists = await post(admin, settings(tenant.rootId), { on_call_settings: { display_fields: 'Role', filter_fields: [5] } }).expect(400);
    expect(lists.body).toMatchObject({ on_call_settings: ['display_fields: Expected a list of items.', 'filter_fields.0: Not a valid string.'] });
  });

  it('lets admins and operators read and save; senders, contacts and data users get 403; other organisations 404', async () => {
    for (const permission of ['ADMIN', 'OPERATOR'] as const) {
      await get(keys.get(permission)!, settings(tenant.rootId)).expect(200);
      await post(keys.get(permission)!, settings(tenant.rootId), {}).expect(200);
      await get(keys.get(permission)!, `/api/retrieve_on_call_staffing/${tenant.rootId}/`).expect(200);
    }
    for (const permission of ['SENDER', 'CONTACT', 'DATA'] as const) {
      await get(keys.get(permission)!, settings(tenant.rootId)).expect(403);
      await post(keys.get(permission)!, settings(tenant.rootId), {}).expect(403);
      await get(keys.get(permission)!, `/api/retrieve_on_call_staffing/${tenant.rootId}/`).expect(403);
    }
    const other = await createTenantWithRoles(app, [ON_CALL_PERMISSION]);
    const otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
    await get(otherAdmin, settings(tenant.rootId)).expect(404);
    await post(otherAdmin, settings(tenant.rootId), {}).expect(404);
    await get(otherAdmin, `/api/retrieve_on_call_staffing/${tenant.rootId}/`).expect(404);
    await get(admin, settings('constructor')).expect(404);
  });
});

describe('minimum staffing warnings', () => {
  let firstDriver: UserDto;
  let secondDriver: UserDto;
  let aMedic: UserDto;

  beforeAll(async () => {
    firstDriver = await newUser(admin, { first_name: 'Dee', last_name: 'Driver', custom_fields: [{ field: role.id, values: [driver] }] });
    // Below the root: a group's minimum counts its descendants' users too.
    secondDriver = await newUser(admin, { first_name: 'Dan', last_name: 'Driver', customer_group: northId, custom_fields: [{ field: role.id, values: [driver] }] });
    aMedic = await newUser(admin, { first_name: 'Meg', last_name: 'Medic', custom_fields: [{ field: role.id, values: [medic] }] });
    await post(admin, settings(tenant.rootId), { options_staffing: { [driver]: 2, [medic]: 0 } }).expect(200);
  });

  const putOnCall = async (userId: string, start_date: string, end_date: string) =>
    (await post(admin, '/api/on_call_period/', { user: userId, start_date, end_date }).expect(201)).body as OnCallPeriodChangeDto;

  it('warns where fewer drivers are on call than the minimum, in the group’s time zone, and never stops the change', async () => {
    const first = await putOnCall(firstDriver.id, '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z');
    expect(first.warnings).toEqual(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00']);
    const second = await putOnCall(secondDriver.id, '2026-11-26T18:00:00Z', '2026-11-27T06:00:00Z');
    // Two drivers from 18:00 to 06:00: the time this change touched is staffed.
    expect(second.warnings).toEqual([]);
    // A medic's period touches the drivers' minimum too (the time it covers is checked for every minimum); the medic minimum is 0.
    expect((await putOnCall(aMedic.id, '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z')).warnings).toEqual([
      'Driver: 1 on call, 2 needed from 27/11/2026 06:00:00 to 27/11/2026 08:00:00',
    ]);
    const moved = await request(app.url)
      .put(`/api/on_call_period/${second.on_call_period_id}/`)
      .set(auth(admin))
      .send({ start_date: '2026-11-26T20:00:00Z', end_date: '2026-11-27T06:00:00Z' })
      .expect(200);
    // The old and the new times: 18:00 to 20:00 has one driver now.
    expect((moved.body as OnCallPeriodChangeDto).warnings).toEqual(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 26/11/2026 20:00:00']);
    const removed = await request(app.url).delete(`/api/on_call_period/${second.on_call_period_id}/`).set(auth(admin)).expect(200);
    expect(removed.body).toEqual({ warnings: ['Driver: 1 on call, 2 needed from 26/11/2026 20:00:00 to 27/11/2026 06:00:00'] });
  });

  it('warns in a summer time zone across the clocks going back, and for assignments', async () => {
    const answer = (
      await post(admin, '/api/on_call_period/assign/entire/', { users: [firstDriver.id], start_date: '2027-10-30T23:00:00Z', end_date: '2027-10-31T03:00:00Z' }).expect(200)
    ).body as AssignOnCallDto;
    // 00:00 BST to 03:00 GMT: the clocks went back at 02:00 BST.
    expect(answer.warnings).toEqual(['Driver: 1 on call, 2 needed from 31/10/2027 00:00:00 to 31/10/2027 03:00:00']);
    const both = (
      await post(admin, '/api/on_call_period/assign/parts/', { users: [firstDriver.id, secondDriver.id], start_date: '2027-10-30T23:00:00Z', end_date: '2027-10-31T03:00:00Z' }).expect(200)
    ).body as AssignOnCallDto;
    expect(both.results.map((result) => result.periods.length)).toEqual([0, 1]);
    expect(both.warnings).toEqual([]);
  });

  it("warns an operator of a sub-group only of the minima of groups in their reach, never the whole organisation's", async () => {
    const northOperator = await createUser(app, { role: 'OPERATOR', customerGroupId: northId, rootId: tenant.rootId });
    const key = await login(app, northOperator.email, northOperator.password);
    const northDriver = await newUser(admin, { first_name: 'Nat', last_name: 'Driver', customer_group: northId, custom_fields: [{ field: role.id, values: [driver] }] });
    const theirs = (await post(key, '/api/on_call_period/', { user: northDriver.id, start_date: '2028-02-01T18:00:00Z', end_date: '2028-02-02T08:00:00Z' }).expect(201))
      .body as OnCallPeriodChangeDto;
    because("the root's minimum counts users beyond North: its shortfall is not North's operator's to see", () => expect(theirs.warnings).toEqual([]));
    const admins = await putOnCall(northDriver.id, '2028-02-03T18:00:00Z', '2028-02-04T08:00:00Z');
    expect(admins.warnings).toEqual(['Driver: 1 on call, 2 needed from 03/02/2028 18:00:00 to 04/02/2028 08:00:00']);
  });

  it('takes no minimum and answers no warnings where the root group lacks "Minimum staffing requirements"', async () => {
    const plain = await createTenantWithRoles(app, [ON_CALL_PERMISSION]);
    const plainAdmin = await login(app, plain.emails.ADMIN, TENANT_PASSWORD);
    const shift = (await post(plainAdmin, '/api/field/', { label: 'Shift', field_type: 'SINGLESELECT', customer_group: plain.rootId, options: ['Night'] }).expect(201)).body as ContactFieldDto;
    const refused = await post(plainAdmin, settings(plain.rootId), { options_staffing: { [shift.options[0]!.id]: 3 } }).expect(400);
    expect(refused.body.options_staffing).toEqual([STAFFING_NOT_ALLOWED]);
    await post(plainAdmin, settings(plain.rootId), { options_staffing: { [shift.options[0]!.id]: 0 } }).expect(200);
    const night = await request(app.url).put(`/api/user/${plain.userIds.CONTACT}/`).set(auth(plainAdmin)).send({ custom_fields: [{ field: shift.id, values: [shift.options[0]!.id] }] });
    because(JSON.stringify(night.body), () => expect(night.status).toBe(200));
    const created = await post(plainAdmin, '/api/on_call_period/', { user: plain.userIds.CONTACT, start_date: '2027-01-04T18:00:00Z', end_date: '2027-01-05T08:00:00Z' }).expect(201);
    expect((created.body as OnCallPeriodChangeDto).warnings).toEqual([]);
  });
});

describe('GET /api/export_reports/{id}/', () => {
  it('reports per minimum how many holding the option are on call at the moment asked, in CSV', async () => {
    const response = await get(admin, `/api/export_reports/${tenant.rootId}/?at=2026-11-26T19:00:00Z`).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="on-call-report-2026-11-26\.csv"$/);
    expect(response.text.replace(/^\uFEFF/, '').trim().split('\n')).toEqual([
      'At (Europe/London),Field,Option,Minimum,On call,Short',
      '26/11/2026 19:00:00,Role,Driver,2,1,1',
      '26/11/2026 19:00:00,Role,Medic,0,1,0',
    ]);
  });

  it('answers 403 to senders and 404 outside the reach', async () => {
    await get(keys.get('SENDER')!, `/api/export_reports/${tenant.rootId}/`).expect(403);
    await get(admin, '/api/export_reports/__proto__/').expect(404);
  });
});
