import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { CustomerGroupDto, UserDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { binary } from './testing/binary-body';
import { createSecondTenant } from './testing/second-tenant';
import { createUser } from './testing/users';

let app: TestApp;
let admin: string;
/** The position of the last write the exports must show. */
let position = '0';
let team: string;
let sub: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const tag = `exp${randomUUID().slice(0, 6)}`;
const teamName = `Team ${tag}`;
const HEADINGS = [
  'First name',
  'Last name',
  'Email',
  'Role',
  'Customer group',
  'Active',
  'Message recipient',
  'Preferred time zone',
  'Last activity',
  'Address string',
];
const FORMULA = '=HYPERLINK("http://evil.test","click")';

const exportGet = (key: string, groupId: string, query: Record<string, string> = {}) =>
  request(app.url).get(`/api/user/list_users_export/${groupId}/`).query(query).set(auth(key)).set('X-Read-Position', position);

const exportPost = (key: string, body: object) =>
  request(app.url).post('/api/export_users').send(body).set(auth(key)).set('X-Read-Position', position);

/** The answer's bytes, whatever its type. */

function csvRows(text: string): string[][] {
  because('the CSV starts with a byte order mark', () => expect(text.charCodeAt(0)).toBe(0xfeff));
  return parse(text.slice(1), { relax_column_count: false }) as string[][];
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Users')!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value)))));
  return rows;
}

async function group(name: string, parent: string): Promise<string> {
  const response = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name, parent }).expect(201);
  position = response.headers['x-event-position'];
  return (response.body as CustomerGroupDto).id;
}

async function person(groupId: string, first_name: string, last_name: string, emailSuffix: string, overrides: object = {}): Promise<UserDto> {
  const response = await request(app.url)
    .post('/api/user/')
    .set(auth(admin))
    .send({ email: `${tag}-${emailSuffix}@demo.test`, first_name, last_name, customer_group: groupId, customer_permission: 'SENDER', preferred_timezone: 'Europe/London', ...overrides })
    .expect(201);
  position = response.headers['x-event-position'];
  return response.body as UserDto;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  team = await group(teamName, rootId);
  sub = await group(`Sub ${tag}`, team);
  await person(team, 'Bea', 'Adams', '3', { customer_permission: 'OPERATOR' });
  await person(team, 'Cal', 'Brown', '1', { is_active: false });
  await person(team, FORMULA, '+Plus', '2', { customer_permission: 'CONTACT', is_message_recipient: false });
  await person(sub, 'Dan', 'Baker', '4', { customer_permission: 'DATA' });
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/user/list_users_export/{id}/ and POST /api/export_users', () => {
  it("answers a CSV of the group's users in the list's order, with the columns and a guarded formula", async () => {
    const response = await exportGet(admin, team).expect(200);
    because('it is a CSV attachment', () => {
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
    const [headings, ...rows] = csvRows(response.text);
    expect(headings).toEqual(HEADINGS);
    because("rows follow the list's default order (last name), without the sub-group's users", () =>
      expect(rows.map((row) => row[1])).toEqual(["'+Plus", 'Adams', 'Brown']),
    );
    const formula = rows[0]!;
    because('a cell starting with = or + is prefixed with a single quote', () => {
      expect(formula[0]).toBe(`'${FORMULA}`);
      expect(formula[9]).toBe(`'${FORMULA} +Plus <${tag}-2@demo.test>`);
    });
    const brown = rows[2]!;
    expect(brown).toEqual(['Cal', 'Brown', `${tag}-1@demo.test`, 'SENDER', teamName, 'No', 'Yes', 'Europe/London', '', `Cal Brown <${tag}-1@demo.test>`]);
    because('the recipient flag is exported', () => expect(formula[6]).toBe('No'));
  });

  it('answers an XLSX workbook with format=xlsx that exceljs reads back', async () => {
    const response = await exportGet(admin, team, { format: 'xlsx', all: 'true', sort_by: 'first_name', descending: 'true' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    because('it is an XLSX attachment', () => {
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    });
    const [headings, ...rows] = await xlsxRows(response.body as Buffer);
    expect(headings).toEqual(HEADINGS);
    because('all=true adds the sub-group, first names descending', () => expect(rows.map((row) => row[1])).toEqual(['Baker', 'Brown', 'Adams', "'+Plus"]));
    because('the formula cell is text prefixed with a single quote', () => expect(rows[3]![0]).toBe(`'${FORMULA}`));
    because("the sub-group's name is in its user's row", () => expect(rows[0]![4]).toBe(`Sub ${tag}`));
  });

  it("respects the list's filters", async () => {
    const lastNames = async (query: Record<string, string>) => csvRows((await exportGet(admin, team, query).expect(200)).text).slice(1).map((row) => row[1]);
    expect(await lastNames({ field: 'is_active', value: 'false' })).toEqual(['Brown']);
    expect(await lastNames({ field: 'customer_permission', value: 'operator' })).toEqual(['Adams']);
    expect(await lastNames({ search_by_address_string: 'BAKER', all: 'true' })).toEqual(['Baker']);
    expect(await lastNames({ search_by_missing_value: 'last_activity', sort_by: 'email' })).toEqual(['Brown', "'+Plus", 'Adams']);
    const none = await lastNames({ field: 'email', value: 'nobody@demo.test' });
    because('nothing matching answers only the headings', () => expect(none).toEqual([]));
  });

  it('takes the group, the format and the filters in the POST body', async () => {
    const csv = await exportPost(admin, { customer_group: team, all: true, field: 'customer_permission', value: 'DATA' }).expect(200);
    expect(csvRows(csv.text).slice(1).map((row) => row[1])).toEqual(['Baker']);
    const xlsx = await exportPost(admin, { customer_group: team, format: 'xlsx', descending: true }).buffer(true).parse(binary).expect(200);
    expect((await xlsxRows(xlsx.body as Buffer)).slice(1).map((row) => row[1])).toEqual(['Brown', 'Adams', "'+Plus"]);
  });

  it.each([
    ['format', 'format=pdf'],
    ['field', 'value=Brown'],
    ['value', 'field=is_active&value=maybe'],
    ['all', 'all=maybe'],
    ['sort_by', 'sort_by=height'],
  ])('answers 400 naming %s for %s', async (parameter, query) => {
    const response = await request(app.url).get(`/api/user/list_users_export/${team}/?${query}`).set(auth(admin)).expect(400);
    because(`the error names ${parameter}`, () => expect(Object.keys(response.body)).toContain(parameter));
  });

  it.each([
    ['customer_group', {}],
    ['format', { customer_group: rootId, format: 'doc' }],
    ['all', { customer_group: rootId, all: 'yes' }],
    ['value', { customer_group: rootId, field: 'customer_permission', value: 'KING' }],
  ])('answers 400 naming %s for a bad body', async (parameter, body) => {
    const response = await exportPost(admin, body).expect(400);
    because(`the error names ${parameter}`, () => expect(Object.keys(response.body)).toContain(parameter));
  });

  it("answers 404 for another organisation's group, a group out of reach and an unknown id", async () => {
    const other = await createSecondTenant(app);
    await exportGet(admin, other.rootId).expect(404);
    await exportPost(admin, { customer_group: other.rootId }).expect(404);
    await exportGet(admin, randomUUID()).expect(404);
    const north = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const northKey = await login(app, north.email, north.password);
    await exportGet(northKey, team).expect(404);
    await exportPost(northKey, { customer_group: team, format: 'xlsx' }).expect(404);
  });

  it.each([
    ['operator', 200],
    ['sender', 200],
    ['data', 200],
    ['contact', 403],
  ])('lets a %s user export: %d', async (role, status) => {
    const key = await login(app, `${role}@demo.test`);
    await exportGet(key, team).expect(status);
    await exportPost(key, { customer_group: team }).expect(status);
  });
});
