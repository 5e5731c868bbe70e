import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { CustomerGroupDto, UserDto, UserListPageDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant } from './testing/second-tenant';
import { createUser } from './testing/users';

let app: TestApp;
let admin: string;
/** The position of the last write the lists must show. */
let position = '0';
let team: string;
let sub: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const tag = `list${randomUUID().slice(0, 6)}`;
const people: Record<'adams' | 'brown' | 'carter' | 'baker', UserDto> = {} as never;

const list = (key: string, groupId: string, query: Record<string, string> = {}) =>
  request(app.url).get(`/api/customer_group/${groupId}/users/`).query(query).set(auth(key)).set('X-Read-Position', position);

async function page(groupId: string, query: Record<string, string> = {}): Promise<UserListPageDto> {
  return (await list(admin, groupId, query).expect(200)).body as UserListPageDto;
}

const lastNames = (answer: UserListPageDto) => answer.data.map((user) => user.last_name);

async function group(name: string, parent: string): Promise<string> {
  const response = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name, parent }).expect(201);
  position = response.headers['x-event-position'];
  return (response.body as CustomerGroupDto).id;
}

async function person(groupId: string, first_name: string, last_name: string, emailSuffix: string, overrides: object): Promise<UserDto> {
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
  team = await group(`Team ${tag}`, rootId);
  sub = await group(`Sub ${tag}`, team);
  people.adams = await person(team, 'Bea', 'adams', '3', { customer_permission: 'OPERATOR' });
  people.brown = await person(team, 'Cal', 'Brown', '1', { is_active: false });
  people.carter = await person(team, 'Ann', 'Carter', '2', { customer_permission: 'CONTACT', is_message_recipient: false });
  people.baker = await person(sub, 'Dan', 'Baker', '4', { customer_permission: 'DATA' });
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/customer_group/{id}/users/', () => {
  it("answers the group's own users by last name in any case, each as GET /api/user/{id}/ shows them with their address string", async () => {
    const answer = await page(team);
    expect(lastNames(answer)).toEqual(['adams', 'Brown', 'Carter']);
    expect(answer).toMatchObject({ count: 3, number_of_pages: 1, page_number: 1, items_per_page: 10 });
    because('a page with users has no detail', () => expect(answer.detail).toBeUndefined());
    const one = (await request(app.url).get(`/api/user/${people.adams.id}/`).set(auth(admin)).expect(200)).body as UserDto;
    because('each user is as GET /api/user/{id}/ answers, with the label', () =>
      expect(answer.data[0]).toEqual({ ...one, address_string: `Bea adams <${tag}-3@demo.test>` }),
    );
  });

  it('adds the users of every group below with all=true', async () => {
    const answer = await page(team, { all: 'true' });
    expect(lastNames(answer)).toEqual(['adams', 'Baker', 'Brown', 'Carter']);
    expect(answer.count).toBe(4);
    expect(lastNames(await page(team, { all: 'false' }))).toEqual(['adams', 'Brown', 'Carter']);
  });

  it.each([
    ['last_name', 'true', ['Carter', 'Brown', 'adams']],
    ['first_name', 'false', ['Carter', 'adams', 'Brown']],
    ['first_name', 'true', ['Brown', 'adams', 'Carter']],
    ['email', 'false', ['Brown', 'Carter', 'adams']],
    ['email', 'true', ['adams', 'Carter', 'Brown']],
    ['customer_permission', 'false', ['Carter', 'adams', 'Brown']],
    ['last_activity', 'false', ['adams', 'Brown', 'Carter']],
  ])('sorts by %s (descending=%s)', async (sortBy, descending, expected) => {
    expect(lastNames(await page(team, { sort_by: sortBy, descending }))).toEqual(expected);
  });

  it.each([
    ['is_active', 'false', ['Brown']],
    ['is_active', 'TRUE', ['adams', 'Carter']],
    ['is_message_recipient', 'false', ['Carter']],
    ['customer_permission', 'operator', ['adams']],
    ['last_name', 'BROWN', ['Brown']],
    ['first_name', 'ann', ['Carter']],
    ['email', `${tag.toUpperCase()}-3@DEMO.TEST`, ['adams']],
  ])('filters by %s = %s', async (field, value, expected) => {
    expect(lastNames(await page(team, { field, value }))).toEqual(expected);
  });

  it.each([
    ['bea ADA', 'false', ['adams']],
    [`${tag}-2@`, 'false', ['Carter']],
    ['<', 'false', ['adams', 'Brown', 'Carter']],
    ['dan baker', 'true', ['Baker']],
    ['dan baker', 'false', []],
  ])('searches the address string for %j (all=%s)', async (search, all, expected) => {
    expect(lastNames(await page(team, { search_by_address_string: search, all }))).toEqual(expected);
  });

  it('finds users whose attribute is empty: never signed in, for last_activity', async () => {
    expect(lastNames(await page(team, { search_by_missing_value: 'last_activity' }))).toEqual(['adams', 'Brown', 'Carter']);
    const root = await page(rootId, { search_by_missing_value: 'last_activity', items_per_page: '100' });
    because('the admin signed in, so has a last activity', () => expect(root.data.map((user) => user.email)).not.toContain('admin@demo.test'));
    expect((await page(team, { search_by_missing_value: 'email' })).count).toBe(0);
  });

  it('pages: items_per_page and page_number from 1, the count on every page, an empty page past the last', async () => {
    const first = await page(team, { items_per_page: '2', page_number: '1' });
    expect([lastNames(first), first.count, first.number_of_pages]).toEqual([['adams', 'Brown'], 3, 2]);
    const second = await page(team, { items_per_page: '2', page_number: '2' });
    expect([lastNames(second), second.page_number]).toEqual([['Carter'], 2]);
    const past = await page(team, { items_per_page: '2', page_number: '3' });
    expect([lastNames(past), past.count, past.detail]).toEqual([[], 3, undefined]);
  });

  it("answers no match with an empty page and the spec's text", async () => {
    const answer = await page(team, { search_by_address_string: 'nobody by this name' });
    expect(answer).toEqual({ data: [], count: 0, number_of_pages: 1, page_number: 1, items_per_page: 10, detail: 'The filter criteria does not match any results.' });
  });

  it.each([
    ['sort_by', 'sort_by=age'],
    ['sort_by', 'sort_by=last_name&sort_by=email'],
    ['field', 'field=phone&value=1'],
    ['field', 'value=Brown'],
    ['value', 'field=email'],
    ['value', 'field=is_active&value=maybe'],
    ['value', 'field=customer_permission&value=KING'],
    ['search_by_missing_value', 'search_by_missing_value=phone'],
    ['items_per_page', 'items_per_page=0'],
    ['items_per_page', 'items_per_page=101'],
    ['items_per_page', 'items_per_page=all'],
    ['page_number', 'page_number=0'],
    ['page_number', 'page_number=two'],
    ['descending', 'descending=yes'],
    ['all', 'all=maybe'],
    ['search_by_address_string', `search_by_address_string=${'x'.repeat(201)}`],
  ])('answers 400 naming %s for %s', async (parameter, query) => {
    const response = await request(app.url).get(`/api/customer_group/${team}/users/?${query}`).set(auth(admin)).expect(400);
    because(`the error names ${parameter}`, () => expect(Object.keys(response.body)).toContain(parameter));
  });

  it("answers 404 for another organisation's group, a group out of the caller's reach and an unknown id", async () => {
    const other = await createSecondTenant(app);
    await list(admin, other.rootId).expect(404);
    await list(admin, randomUUID()).expect(404);
    const north = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const northKey = await login(app, north.email, north.password);
    await list(northKey, rootId).expect(404);
    await list(northKey, team).expect(404);
    const own = (await list(northKey, northId).expect(200)).body as UserListPageDto;
    because("a region's admin lists their own group", () => expect(own.data.map((user) => user.id)).toContain(north.userId));
  });

  it.each([
    ['operator', 200],
    ['sender', 200],
    ['data', 200],
    ['contact', 403],
  ])('lets a %s user call it: %d', async (role, status) => {
    await list(await login(app, `${role}@demo.test`), team).expect(status);
  });
});
