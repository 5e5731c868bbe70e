import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, CustomerGroupDto, UserDto } from '@beacon/contracts';
import { CUSTOMER_PERMISSIONS, ON_CALL_PERMISSION, type CustomerPermission } from '@beacon/domain';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * The on-call files over HTTP: a user's periods, a group's users' periods, a group's roster. CSV
 * (UTF-8 with a byte order mark), times as DD/MM/YYYY HH:mm:ss in the zone the header names, cells a
 * spreadsheet would run as formulas quoted; by role, with bad bodies and other organisations' ids.
 */
let app: TestApp;
let tenant: TenantWithRoles;
const keys = new Map<CustomerPermission, string>();
let admin: string;
let northId: string;
let site: ContactFieldDto;
let role: ContactFieldDto;
let formula: UserDto;
let nora: UserDto;
let position = '0';

const post = (key: string, path: string, body: object) => request(app.url).post(path).set(auth(key)).set('X-Read-Position', position).send(body);

/** The lines of a CSV answer, without its byte order mark. */
function lines(response: request.Response): string[] {
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.text.startsWith('\uFEFF')).toBe(true);
  return response.text.slice(1).trim().split('\n');
}

async function newUser(overrides: object): Promise<UserDto> {
  const response = await post(admin, '/api/user/', {
    email: `export-${randomUUID().slice(0, 8)}@tenant.test`,
    first_name: 'Test',
    last_name: 'User',
    customer_group: tenant.rootId,
    customer_permission: 'CONTACT',
    preferred_timezone: 'Europe/London',
    ...overrides,
  });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as UserDto;
}

async function onCall(user: string, start_date: string, end_date: string): Promise<void> {
  const response = await post(admin, '/api/on_call_period/', { user, start_date, end_date });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  position = response.headers['x-event-position'];
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, [ON_CALL_PERMISSION]);
  for (const permission of CUSTOMER_PERMISSIONS) keys.set(permission, await login(app, tenant.emails[permission], TENANT_PASSWORD));
  admin = keys.get('ADMIN')!;
  northId = ((await post(admin, '/api/customer_group/', { name: 'North', parent: tenant.rootId }).expect(201)).body as CustomerGroupDto).id;
  await request(app.url).put(`/api/customer_group_settings/${northId}/`).set(auth(admin)).send({ preferred_timezone: 'America/New_York' }).expect(200);
  site = (await post(admin, '/api/field/', { label: 'Site', field_type: 'TEXT', customer_group: tenant.rootId }).expect(201)).body as ContactFieldDto;
  role = (await post(admin, '/api/field/', { label: 'Role', field_type: 'MULTISELECT', customer_group: tenant.rootId, options: ['Driver', 'Medic'] }).expect(201)).body as ContactFieldDto;
  formula = await newUser({
    first_name: '=HYPERLINK("http://evil.test")',
    last_name: 'Archer',
    preferred_timezone: 'Asia/Tokyo',
    custom_fields: [
      { field: site.id, values: ['+44 Dock'] },
      { field: role.id, values: role.options.map((option) => option.id) },
    ],
  });
  nora = await newUser({ first_name: 'Nora', last_name: 'North', customer_group: northId });
  const saved = await post(admin, `/api/customer_group_on_call_settings/${tenant.rootId}/`, { on_call_settings: { display_fields: [site.id, role.id] } }).expect(200);
  position = saved.headers['x-event-position'];
  await onCall(formula.id, '2027-01-04T18:00:00Z', '2027-01-05T08:30:00Z');
  await onCall(formula.id, '2027-01-06T09:00:00Z', '2027-01-06T10:00:00Z');
  await onCall(nora.id, '2027-01-04T20:00:00Z', '2027-01-05T02:00:00Z');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("POST /api/export_on_call_periods/{id}/: a user's periods", () => {
  it("writes every period by default, in the user's time zone, quoting cells a spreadsheet would run", async () => {
    const response = await post(admin, `/api/export_on_call_periods/${formula.id}/`, {}).expect(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="on-call-periods-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines(response)).toEqual([
      'First name,Last name,Email,Start (Asia/Tokyo),End (Asia/Tokyo),Hours',
      `"'=HYPERLINK(""http://evil.test"")",Archer,${formula.email},05/01/2027 03:00:00,05/01/2027 17:30:00,14.5`,
      `"'=HYPERLINK(""http://evil.test"")",Archer,${formula.email},06/01/2027 18:00:00,06/01/2027 19:00:00,1`,
    ]);
  });

  it('writes the periods overlapping the range sent', async () => {
    const response = await post(admin, `/api/export_on_call_periods/${formula.id}/`, { start_date: '2027-01-06T00:00:00Z', end_date: '2027-01-07T00:00:00Z' }).expect(200);
    expect(lines(response)).toHaveLength(2);
  });

  it('leaves the range open on the side not sent, and refuses an end before the start', async () => {
    // The periods run 04/01 18:00Z to 05/01 08:30Z and 06/01 09:00Z to 10:00Z (the lines count the header too).
    expect(lines(await post(admin, `/api/export_on_call_periods/${formula.id}/`, { start_date: '2027-01-05T12:00:00Z' }).expect(200))).toHaveLength(2);
    expect(lines(await post(admin, `/api/export_on_call_periods/${formula.id}/`, { end_date: '2027-01-05T12:00:00Z' }).expect(200))).toHaveLength(2);
    expect(lines(await post(admin, `/api/export_on_call_periods/${formula.id}/`, { end_date: '2027-01-04T12:00:00Z' }).expect(200))).toHaveLength(1);
    await post(admin, `/api/export_on_call_periods/${formula.id}/`, { start_date: '2027-01-07T00:00:00Z', end_date: '2027-01-06T00:00:00Z' }).expect(400);
  });

  it('lets admins, operators and data users export users in reach, and anyone their own; 404 for other ids', async () => {
    for (const permission of ['ADMIN', 'OPERATOR', 'DATA'] as const) await post(keys.get(permission)!, `/api/export_on_call_periods/${formula.id}/`, {}).expect(200);
    for (const permission of ['SENDER', 'CONTACT'] as const) {
      await post(keys.get(permission)!, `/api/export_on_call_periods/${formula.id}/`, {}).expect(403);
      expect(lines(await post(keys.get(permission)!, `/api/export_on_call_periods/${tenant.userIds[permission]}/`, {}).expect(200))).toHaveLength(1);
    }
    for (const id of ['no-such-user', '__proto__', 'constructor']) await post(admin, `/api/export_on_call_periods/${id}/`, {}).expect(404);
    const other = await createTenantWithRoles(app, [ON_CALL_PERMISSION]);
    await post(await login(app, other.emails.ADMIN, TENANT_PASSWORD), `/api/export_on_call_periods/${formula.id}/`, {}).expect(404);
  });

  it('answers 400 naming a bad range', async () => {
    const response = await post(admin, `/api/export_on_call_periods/${formula.id}/`, { start_date: 5, end_date: '2027-01-01T00:00:00Z' }).expect(400);
    expect(response.body).toMatchObject({ start_date: [expect.stringContaining('ISO 8601')] });
  });
});

describe("POST /api/user/export/on_call_csv/: a group's users' periods", () => {
  const range = { start_date: '2027-01-04T00:00:00Z', end_date: '2027-01-11T00:00:00Z' };

  it("writes the periods of the group's users by last name then start, in the group's time zone (all=true: below it too)", async () => {
    const root = await post(admin, '/api/user/export/on_call_csv/', { customer_group: tenant.rootId, ...range }).expect(200);
    expect(lines(root)).toEqual([
      'First name,Last name,Email,Customer group,Start (Europe/London),End (Europe/London),Hours',
      `"'=HYPERLINK(""http://evil.test"")",Archer,${formula.email},${groupName()},04/01/2027 18:00:00,05/01/2027 08:30:00,14.5`,
      `"'=HYPERLINK(""http://evil.test"")",Archer,${formula.email},${groupName()},06/01/2027 09:00:00,06/01/2027 10:00:00,1`,
    ]);
    const all = await post(admin, '/api/user/export/on_call_csv/', { customer_group: tenant.rootId, ...range, all: true }).expect(200);
    expect(lines(all).slice(3)).toEqual([`Nora,North,${nora.email},North,04/01/2027 20:00:00,05/01/2027 02:00:00,6`]);
    const north = await post(admin, '/api/user/export/on_call_csv/', { customer_group: northId, ...range }).expect(200);
    expect(lines(north)).toEqual([
      'First name,Last name,Email,Customer group,Start (America/New_York),End (America/New_York),Hours',
      `Nora,North,${nora.email},North,04/01/2027 15:00:00,04/01/2027 21:00:00,6`,
    ]);
  });

  it('answers 400 naming each bad member, 404 outside the reach, 403 to other roles', async () => {
    expect((await post(admin, '/api/user/export/on_call_csv/', {}).expect(400)).body).toMatchObject({ customer_group: ['This field is required.'] });
    expect((await post(admin, '/api/user/export/on_call_csv/', { customer_group: tenant.rootId, all: 'yes', start_date: '2027-01-11T00:00:00Z', end_date: '2027-01-04T00:00:00Z' }).expect(400)).body).toMatchObject({
      all: ['Must be a valid boolean.'],
    });
    expect((await post(admin, '/api/user/export/on_call_csv/', { customer_group: tenant.rootId, start_date: '2027-01-11T00:00:00Z', end_date: '2027-01-04T00:00:00Z' }).expect(400)).body).toMatchObject({
      end_date: ['The end must be after the start.'],
    });
    await post(admin, '/api/user/export/on_call_csv/', { customer_group: '__proto__' }).expect(404);
    for (const permission of ['SENDER', 'CONTACT', 'DATA'] as const) await post(keys.get(permission)!, '/api/user/export/on_call_csv/', { customer_group: tenant.rootId }).expect(403);
  });
});

describe("POST /api/customer_group_on_call_export/: a group's roster", () => {
  it('writes every period in time order with who is on call and the values of the display fields', async () => {
    const response = await post(admin, '/api/customer_group_on_call_export/', { customer_group: tenant.rootId, start_date: '2027-01-04T00:00:00Z', end_date: '2027-01-11T00:00:00Z', all: true }).expect(200);
    expect(response.headers['content-disposition']).toMatch(/filename="on-call-roster-/);
    expect(lines(response)).toEqual([
      'Start (Europe/London),End (Europe/London),Hours,First name,Last name,Email,Customer group,Site,Role',
      `04/01/2027 18:00:00,05/01/2027 08:30:00,14.5,"'=HYPERLINK(""http://evil.test"")",Archer,${formula.email},${groupName()},'+44 Dock,"Driver, Medic"`,
      `04/01/2027 20:00:00,05/01/2027 02:00:00,6,Nora,North,${nora.email},North,,`,
      `06/01/2027 09:00:00,06/01/2027 10:00:00,1,"'=HYPERLINK(""http://evil.test"")",Archer,${formula.email},${groupName()},'+44 Dock,"Driver, Medic"`,
    ]);
  });

  it('leaves out the users of other groups, and answers 403 to senders', async () => {
    const response = await post(admin, '/api/customer_group_on_call_export/', { customer_group: northId, start_date: '2027-01-04T00:00:00Z', end_date: '2027-01-11T00:00:00Z' }).expect(200);
    expect(lines(response).slice(1)).toEqual([`04/01/2027 15:00:00,04/01/2027 21:00:00,6,Nora,North,${nora.email},North`]);
    await post(keys.get('SENDER')!, '/api/customer_group_on_call_export/', { customer_group: tenant.rootId }).expect(403);
  });
});

/** The tenant's root group's name, as createTenantWithRoles names it. */
const groupName = () => `Tenant ${tenant.rootId.slice(0, 8)}`;
