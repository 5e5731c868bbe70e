import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type {
  ActivityLogPageDto,
  AssignableUsersPageDto,
  AssignOnCallDto,
  CustomerGroupDto,
  OnCallPeriodChangeDto,
  OnCallRecipientsDto,
  OnCallWeekDto,
  UserDto,
} from '@beacon/contracts';
import { CUSTOMER_PERMISSIONS, ON_CALL_PERMISSION, type CustomerPermission } from '@beacon/domain';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { connected, connectLive, nextUpdate } from './testing/live-socket';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * On-call periods over HTTP: a user's periods (one roster per user: no overlaps), their weeks in
 * their time zone, assignments of several users, who can be and who is on call, by role, with bad
 * input and other organisations' ids. Staffing warnings and settings: on-call-settings.api.spec.ts;
 * files: on-call-exports.api.spec.ts.
 */
let app: TestApp;
let tenant: TenantWithRoles;
const keys = new Map<CustomerPermission, string>();
let admin: string;
let northId: string;
/** Users made for these tests: London in the root group, New York in North, and one who is not active. */
let alice: UserDto;
let bob: UserDto;
let carol: UserDto;
let otherAdmin: string;
let otherUserId: string;

const PERIODS = '/api/on_call_period/';
const period = (id: string) => `/api/on_call_period/${id}/`;
const weeks = (userId: string, query = '') => `/api/user_on_call/${userId}/${query}`;

const post = (key: string, path: string, body: object) => request(app.url).post(path).set(auth(key)).send(body);
const get = (key: string, path: string, position = '0') => request(app.url).get(path).set(auth(key)).set('X-Read-Position', position);

async function newUser(key: string, overrides: object): Promise<UserDto> {
  const response = await post(key, '/api/user/', {
    email: `oncall-${randomUUID().slice(0, 8)}@tenant.test`,
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

/** Puts the user on call as the admin: the period and the position of its event. */
async function onCall(userId: string, start_date: string, end_date: string): Promise<{ body: OnCallPeriodChangeDto; position: string }> {
  const response = await post(admin, PERIODS, { user: userId, start_date, end_date });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return { body: response.body as OnCallPeriodChangeDto, position: response.headers['x-event-position'] };
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, [ON_CALL_PERMISSION]);
  for (const role of CUSTOMER_PERMISSIONS) keys.set(role, await login(app, tenant.emails[role], TENANT_PASSWORD));
  admin = keys.get('ADMIN')!;
  northId = ((await post(admin, '/api/customer_group/', { name: 'North', parent: tenant.rootId }).expect(201)).body as CustomerGroupDto).id;
  alice = await newUser(admin, { first_name: 'Alice', last_name: 'Archer' });
  bob = await newUser(admin, { first_name: 'Bob', last_name: 'Baker', customer_group: northId, preferred_timezone: 'America/New_York' });
  carol = await newUser(admin, { first_name: 'Carol', last_name: 'Cole', is_active: false });
  // Another organisation with on call: its ids answer as unknown ones do, never 403.
  const other = await createTenantWithRoles(app, [ON_CALL_PERMISSION]);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  otherUserId = other.userIds.CONTACT;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('POST /api/on_call_period/', () => {
  it('puts a user on call and answers the period in UTC, with no warnings where staffing is off', async () => {
    const { body } = await onCall(alice.id, '2027-01-04T18:00:00+00:00', '2027-01-05T08:00:00Z');
    expect(body).toEqual({ on_call_period_id: expect.any(String), user: alice.id, start_date: '2027-01-04T18:00:00Z', end_date: '2027-01-05T08:00:00Z', warnings: [] });
  });

  it('refuses an end before or at the start, naming end_date', async () => {
    for (const [start_date, end_date] of [
      ['2027-01-10T08:00:00Z', '2027-01-10T07:00:00Z'],
      ['2027-01-10T08:00:00Z', '2027-01-10T09:00:00+01:00'],
    ]) {
      const response = await post(admin, PERIODS, { user: alice.id, start_date, end_date }).expect(400);
      expect(response.body).toEqual({ detail: 'Invalid on-call period.', end_date: ['The end must be after the start.'] });
    }
  });

  it("refuses a period overlapping another of the user's, naming its times in the user's time zone, and records nothing", async () => {
    await onCall(bob.id, '2027-01-11T23:00:00Z', '2027-01-12T11:00:00Z');
    const response = await post(admin, PERIODS, { user: bob.id, start_date: '2027-01-12T10:00:00Z', end_date: '2027-01-12T20:00:00Z' }).expect(400);
    const message = "This period overlaps the user's on-call period from 11/01/2027 18:00:00 to 12/01/2027 06:00:00 (America/New_York).";
    expect(response.body).toEqual({
      detail: message,
      non_field_errors: [message],
      clashing_period: { on_call_period_id: expect.any(String), start_date: '2027-01-11T23:00:00Z', end_date: '2027-01-12T11:00:00Z' },
    });
    expect(response.headers['x-event-position']).toBeUndefined();
    // Back to back is no overlap.
    await onCall(bob.id, '2027-01-12T11:00:00Z', '2027-01-12T20:00:00Z');
  });

  it('answers 400 naming each field sent wrong: types, text that is no ISO time, times without an offset, huge strings', async () => {
    const types = await post(admin, PERIODS, { user: 5, start_date: 20270101, end_date: null }).expect(400);
    expect(types.body).toMatchObject({ user: ['Not a valid string.'], start_date: [expect.stringContaining('ISO 8601')], end_date: [expect.stringContaining('ISO 8601')] });
    const missing = await post(admin, PERIODS, {}).expect(400);
    expect(Object.keys(missing.body as object).sort()).toEqual(['detail', 'end_date', 'start_date', 'user']);
    const local = await post(admin, PERIODS, { user: alice.id, start_date: '2027-01-20T08:00:00', end_date: '26/01/2027 08:00:00' }).expect(400);
    expect(local.body).toMatchObject({ start_date: [expect.stringContaining('offset')], end_date: [expect.stringContaining('offset')] });
    const huge = await post(admin, PERIODS, { user: 'u'.repeat(20_000), start_date: 'x'.repeat(20_000), end_date: '2027-01-20T08:00:00Z' }).expect(400);
    expect(huge.body).toMatchObject({ user: [expect.any(String)], start_date: [expect.any(String)] });
    const fractions = await post(admin, PERIODS, { user: alice.id, start_date: '2027-01-20T08:00:00.250Z', end_date: '2027-01-20T09:00:00Z' }).expect(400);
    expect(fractions.body).toMatchObject({ start_date: ['On-call times are kept to the second: leave out fractions of a second.'] });
    const long = await post(admin, PERIODS, { user: alice.id, start_date: '2027-01-01T00:00:00Z', end_date: '2028-01-03T00:00:00Z' }).expect(400);
    expect(long.body).toMatchObject({ end_date: ['A period lasts at most 366 days.'] });
  });

  it("answers 404 for an unknown user, a prototype name and another organisation's user, both ways", async () => {
    for (const user of ['no-such-user', '__proto__', 'constructor', otherUserId]) {
      const response = await post(admin, PERIODS, { user, start_date: '2027-02-01T08:00:00Z', end_date: '2027-02-01T09:00:00Z' }).expect(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
    await post(otherAdmin, PERIODS, { user: alice.id, start_date: '2027-02-01T08:00:00Z', end_date: '2027-02-01T09:00:00Z' }).expect(404);
  });

  it('lets admins and operators put users on call; senders, contacts and data users get 403', async () => {
    const operator = await post(keys.get('OPERATOR')!, PERIODS, { user: alice.id, start_date: '2027-02-02T08:00:00Z', end_date: '2027-02-02T09:00:00Z' });
    expect(operator.status).toBe(201);
    for (const role of ['SENDER', 'CONTACT', 'DATA'] as const) {
      await post(keys.get(role)!, PERIODS, { user: alice.id, start_date: '2027-02-03T08:00:00Z', end_date: '2027-02-03T09:00:00Z' }).expect(403);
    }
  });

  it('refuses every role of an organisation without "On Call core platform access"', async () => {
    const without = await createTenantWithRoles(app, []);
    for (const role of CUSTOMER_PERMISSIONS) {
      const key = await login(app, without.emails[role], TENANT_PASSWORD);
      await post(key, PERIODS, { user: without.userIds.CONTACT, start_date: '2027-02-03T08:00:00Z', end_date: '2027-02-03T09:00:00Z' }).expect(403);
      await get(key, weeks(without.userIds[role])).expect(403);
    }
  });

  it('records one period for a retry with the same Idempotency-Key', async () => {
    const body = { user: alice.id, start_date: '2027-02-05T08:00:00Z', end_date: '2027-02-05T09:00:00Z' };
    const first = await post(admin, PERIODS, body).set('Idempotency-Key', 'on-call-retry-1').expect(201);
    const retry = await post(admin, PERIODS, body).set('Idempotency-Key', 'on-call-retry-1').expect(201);
    expect(retry.body).toEqual(first.body);
  });
});

describe('PUT and DELETE /api/on_call_period/{id}/', () => {
  it('moves a period, refuses an overlap or another user, and removes it', async () => {
    const { body: early } = await onCall(alice.id, '2027-03-01T08:00:00Z', '2027-03-01T12:00:00Z');
    const { body: late } = await onCall(alice.id, '2027-03-01T14:00:00Z', '2027-03-01T18:00:00Z');
    const moved = await request(app.url).put(period(early.on_call_period_id)).set(auth(admin)).send({ start_date: '2027-03-01T07:00:00Z', end_date: '2027-03-01T14:00:00Z' }).expect(200);
    expect(moved.body).toEqual({ ...early, start_date: '2027-03-01T07:00:00Z', end_date: '2027-03-01T14:00:00Z' });
    const clash = await request(app.url).put(period(early.on_call_period_id)).set(auth(admin)).send({ start_date: '2027-03-01T07:00:00Z', end_date: '2027-03-01T15:00:00Z' }).expect(400);
    expect(clash.body.detail).toBe("This period overlaps the user's on-call period from 01/03/2027 14:00:00 to 01/03/2027 18:00:00 (Europe/London).");
    const otherUser = await request(app.url).put(period(early.on_call_period_id)).set(auth(admin)).send({ start_date: '2027-03-01T07:00:00Z', end_date: '2027-03-01T09:00:00Z', user: bob.id }).expect(400);
    expect(otherUser.body).toEqual({ detail: 'Invalid on-call period.', user: ['A period stays with its user: add a period for the other user instead.'] });
    const removed = await request(app.url).delete(period(late.on_call_period_id)).set(auth(admin)).expect(200);
    expect(removed.body).toEqual({ warnings: [] });
    await request(app.url).delete(period(late.on_call_period_id)).set(auth(admin)).expect(404);
    const shown = (await get(admin, weeks(alice.id, '?from=2027-03-01&weeks=1'), removed.headers['x-event-position']).expect(200)).body as OnCallWeekDto[];
    expect(shown[0]!.periods).toEqual([{ on_call_period_id: early.on_call_period_id, start_date: '2027-03-01T07:00:00Z', end_date: '2027-03-01T14:00:00Z' }]);
  });

  it("answers 404 for unknown periods, prototype names and another organisation's periods, and 403 to senders", async () => {
    const { body } = await onCall(alice.id, '2027-03-02T08:00:00Z', '2027-03-02T12:00:00Z');
    const times = { start_date: '2027-03-02T08:00:00Z', end_date: '2027-03-02T10:00:00Z' };
    for (const id of ['no-such-period', `${alice.id}.999`, '__proto__', 'constructor', `${otherUserId}.1`]) {
      await request(app.url).put(period(id)).set(auth(admin)).send(times).expect(404);
      await request(app.url).delete(period(id)).set(auth(admin)).expect(404);
    }
    await request(app.url).put(period(body.on_call_period_id)).set(auth(otherAdmin)).send(times).expect(404);
    await request(app.url).delete(period(body.on_call_period_id)).set(auth(otherAdmin)).expect(404);
    await request(app.url).put(period(body.on_call_period_id)).set(auth(keys.get('SENDER')!)).send(times).expect(403);
    await request(app.url).delete(period(body.on_call_period_id)).set(auth(keys.get('DATA')!)).expect(403);
  });
});

describe('GET /api/user_on_call/{id}/', () => {
  it("answers the user's weeks, Monday 00:00 to Monday 00:00 in their time zone, a period across two weeks in both", async () => {
    const { body, position } = await onCall(bob.id, '2027-04-11T20:00:00Z', '2027-04-12T08:00:00Z');
    const answer = (await get(admin, weeks(bob.id, '?from=2027-04-07&weeks=2'), position).expect(200)).body as OnCallWeekDto[];
    const entry = { on_call_period_id: body.on_call_period_id, start_date: '2027-04-11T20:00:00Z', end_date: '2027-04-12T08:00:00Z' };
    expect(answer).toEqual([
      { start_date: '2027-04-05T00:00:00-04:00', end_date: '2027-04-12T00:00:00-04:00', periods: [entry] },
      { start_date: '2027-04-12T00:00:00-04:00', end_date: '2027-04-19T00:00:00-04:00', periods: [entry] },
    ]);
  });

  it('makes the week of the clocks going forward an hour shorter, and answers this week and the next three by default', async () => {
    const march = (await get(admin, weeks(alice.id, '?from=2026-03-29&weeks=2')).expect(200)).body as OnCallWeekDto[];
    expect(march.map((week) => [week.start_date, week.end_date])).toEqual([
      ['2026-03-23T00:00:00+00:00', '2026-03-30T00:00:00+01:00'],
      ['2026-03-30T00:00:00+01:00', '2026-04-06T00:00:00+01:00'],
    ]);
    const standard = (await get(admin, weeks(alice.id)).expect(200)).body as OnCallWeekDto[];
    expect(standard).toHaveLength(4);
    const monday = Date.parse(standard[0]!.start_date);
    expect(monday).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(standard[0]!.end_date)).toBeGreaterThan(Date.now());
  });

  it('answers 400 for a day that does not exist or too many weeks, naming the parameter', async () => {
    expect((await get(admin, weeks(alice.id, '?from=2027-02-30')).expect(400)).body).toMatchObject({ from: ['Enter a date as YYYY-MM-DD.'] });
    expect((await get(admin, weeks(alice.id, '?from=tomorrow')).expect(400)).body).toMatchObject({ from: ['Enter a date as YYYY-MM-DD.'] });
    expect((await get(admin, weeks(alice.id, '?weeks=27')).expect(400)).body).toMatchObject({ weeks: ['Ensure this value is between 1 and 26.'] });
    expect((await get(admin, weeks(alice.id, '?weeks=-1')).expect(400)).body).toMatchObject({ weeks: ['A valid integer is required.'] });
  });

  it('lets admins, operators and data users read users in reach, and anyone read themselves', async () => {
    for (const role of ['ADMIN', 'OPERATOR', 'DATA'] as const) await get(keys.get(role)!, weeks(alice.id)).expect(200);
    for (const role of ['SENDER', 'CONTACT'] as const) {
      await get(keys.get(role)!, weeks(alice.id)).expect(403);
      await get(keys.get(role)!, weeks(tenant.userIds[role])).expect(200);
    }
  });

  it("answers 404 for unknown users, prototype names and another organisation's users", async () => {
    for (const id of ['no-such-user', '__proto__', 'constructor', otherUserId]) await get(admin, weeks(id)).expect(404);
    await get(otherAdmin, weeks(alice.id)).expect(404);
  });
});

describe('POST /api/on_call_period/assign/entire/ and /parts/', () => {
  it('refuses the whole assignment when any user is on call then, naming each, and records nothing', async () => {
    await onCall(alice.id, '2027-05-03T10:00:00Z', '2027-05-03T12:00:00Z');
    const before = await get(admin, weeks(bob.id, '?from=2027-05-03&weeks=1')).expect(200);
    const response = await post(admin, '/api/on_call_period/assign/entire/', { users: [bob.id, alice.id], start_date: '2027-05-03T08:00:00Z', end_date: '2027-05-03T18:00:00Z' }).expect(400);
    expect(response.body).toEqual({
      detail: 'Some of the users are on call during this period already: nobody was assigned.',
      users: [`Alice Archer (${alice.email}) is on call from 03/05/2027 11:00:00 to 03/05/2027 13:00:00 (Europe/London).`],
    });
    expect((await get(admin, weeks(bob.id, '?from=2027-05-03&weeks=1')).expect(200)).body).toEqual(before.body);
  });

  it('gives every user the whole period when all are free', async () => {
    const response = await post(admin, '/api/on_call_period/assign/entire/', { users: [alice.id, bob.id, bob.id], start_date: '2027-05-10T08:00:00Z', end_date: '2027-05-10T18:00:00Z' }).expect(200);
    const answer = response.body as AssignOnCallDto;
    expect(answer.warnings).toEqual([]);
    expect(answer.results.map((result) => [result.user, result.periods.map((entry) => [entry.start_date, entry.end_date])])).toEqual([
      [alice.id, [['2027-05-10T08:00:00Z', '2027-05-10T18:00:00Z']]],
      [bob.id, [['2027-05-10T08:00:00Z', '2027-05-10T18:00:00Z']]],
    ]);
    const shown = (await get(admin, weeks(bob.id, '?from=2027-05-10&weeks=1'), response.headers['x-event-position']).expect(200)).body as OnCallWeekDto[];
    expect(shown[0]!.periods.map((entry) => entry.on_call_period_id)).toEqual([answer.results[1]!.periods[0]!.on_call_period_id]);
  });

  it('gives each user the parts of the period they are free in', async () => {
    await onCall(alice.id, '2027-05-17T10:00:00Z', '2027-05-17T12:00:00Z');
    await onCall(bob.id, '2027-05-17T06:00:00Z', '2027-05-17T20:00:00Z');
    const answer = (await post(admin, '/api/on_call_period/assign/parts/', { users: [alice.id, bob.id], start_date: '2027-05-17T08:00:00Z', end_date: '2027-05-17T18:00:00Z' }).expect(200))
      .body as AssignOnCallDto;
    expect(answer.results.map((result) => [result.user, result.periods.map((entry) => [entry.start_date, entry.end_date])])).toEqual([
      [alice.id, [['2027-05-17T08:00:00Z', '2027-05-17T10:00:00Z'], ['2027-05-17T12:00:00Z', '2027-05-17T18:00:00Z']]],
      [bob.id, []],
    ]);
  });

  it('answers 404 for any user out of reach and assigns nobody; 400 naming each bad field; 403 to other roles', async () => {
    const times = { start_date: '2027-05-24T08:00:00Z', end_date: '2027-05-24T18:00:00Z' };
    for (const path of ['/api/on_call_period/assign/entire/', '/api/on_call_period/assign/parts/']) {
      await post(admin, path, { users: [alice.id, otherUserId], ...times }).expect(404);
      await post(admin, path, { users: ['__proto__'], ...times }).expect(404);
      expect((await post(admin, path, { users: [], ...times }).expect(400)).body).toMatchObject({ users: [expect.any(String)] });
      expect((await post(admin, path, { users: 'everyone', start_date: 'soon', end_date: '2027-05-24T07:00:00Z' }).expect(400)).body).toMatchObject({
        users: ['Expected a list of items.'],
        start_date: [expect.any(String)],
      });
      expect((await post(admin, path, { users: [alice.id], start_date: times.end_date, end_date: times.start_date }).expect(400)).body).toMatchObject({
        end_date: ['The end must be after the start.'],
      });
      await post(keys.get('SENDER')!, path, { users: [alice.id], ...times }).expect(403);
    }
    const shown = (await get(admin, weeks(alice.id, '?from=2027-05-24&weeks=1')).expect(200)).body as OnCallWeekDto[];
    expect(shown[0]!.periods).toEqual([]);
  });
});

describe('GET /api/assign_users_on_call/{id}/', () => {
  it('lists the users who can be put on call (active message recipients) by last name, with their periods in the range', async () => {
    await onCall(bob.id, '2027-06-07T08:00:00Z', '2027-06-07T18:00:00Z');
    const { position } = await onCall(carol.id, '2027-06-07T08:00:00Z', '2027-06-07T18:00:00Z');
    const range = '?start_date=2027-06-07T00:00:00Z&end_date=2027-06-08T00:00:00Z';
    const root = (await get(admin, `/api/assign_users_on_call/${tenant.rootId}/${range}`, position).expect(200)).body as AssignableUsersPageDto;
    expect(root.results.map((user) => user.id)).toContain(alice.id);
    expect(root.results.map((user) => user.id)).not.toContain(carol.id);
    expect(root.results.map((user) => user.id)).not.toContain(bob.id);
    expect(root.results.find((user) => user.id === alice.id)).toMatchObject({ is_on_call: false, periods: [] });
    const all = (await get(admin, `/api/assign_users_on_call/${tenant.rootId}/${range}&all=true&items_per_page=100`, position).expect(200)).body as AssignableUsersPageDto;
    expect(all.results.find((user) => user.id === bob.id)).toMatchObject({ is_on_call: true, periods: [expect.objectContaining({ start_date: '2027-06-07T08:00:00Z' })] });
    const names = all.results.map((user) => user.last_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(all).toMatchObject({ start_date: '2027-06-07T00:00:00Z', end_date: '2027-06-08T00:00:00Z', count: all.results.length, page_number: 1, items_per_page: 100 });
    const page = (await get(admin, `/api/assign_users_on_call/${tenant.rootId}/${range}&all=true&items_per_page=1&page_number=2`).expect(200)).body as AssignableUsersPageDto;
    expect(page.results.map((user) => user.id)).toEqual([all.results[1]!.id]);
  });

  it('answers 400 for a bad range or page, 404 outside the reach, 403 to senders', async () => {
    const path = `/api/assign_users_on_call/${tenant.rootId}/`;
    expect((await get(admin, `${path}?start_date=2027-06-08T00:00:00Z&end_date=2027-06-07T00:00:00Z`).expect(400)).body).toMatchObject({ end_date: [expect.any(String)] });
    expect((await get(admin, `${path}?items_per_page=0`).expect(400)).body).toMatchObject({ items_per_page: [expect.any(String)] });
    await get(otherAdmin, path).expect(404);
    await get(admin, '/api/assign_users_on_call/__proto__/').expect(404);
    await get(keys.get('SENDER')!, path).expect(403);
  });
});

describe('GET /api/customer_group/on_call_recipients/{id}/', () => {
  it('answers who is on call at the moment asked, in the group (all=true: below it too), and never users who are not active', async () => {
    const { position } = await onCall(alice.id, '2027-07-05T08:00:00Z', '2027-07-05T18:00:00Z');
    await onCall(bob.id, '2027-07-05T12:00:00Z', '2027-07-06T12:00:00Z');
    await onCall(carol.id, '2027-07-05T08:00:00Z', '2027-07-05T18:00:00Z');
    const last = (await onCall(alice.id, '2027-07-05T18:00:00Z', '2027-07-05T20:00:00Z')).position;
    const at = (time: string, extra = '') => `/api/customer_group/on_call_recipients/${tenant.rootId}/?at=${encodeURIComponent(time)}${extra}`;
    const noon = (await get(admin, at('2027-07-05T13:00:00+01:00', '&all=true'), last).expect(200)).body as OnCallRecipientsDto;
    expect(noon).toEqual({
      at: '2027-07-05T12:00:00Z',
      count: 2,
      results: [
        expect.objectContaining({ id: alice.id, first_name: 'Alice', start_date: '2027-07-05T08:00:00Z', end_date: '2027-07-05T18:00:00Z' }),
        expect.objectContaining({ id: bob.id, customer_group: northId, start_date: '2027-07-05T12:00:00Z' }),
      ],
    });
    expect(((await get(admin, at('2027-07-05T12:00:00Z'), position).expect(200)).body as OnCallRecipientsDto).results.map((user) => user.id)).toEqual([alice.id]);
    // A period ends where the next begins: at 18:00 Alice is on her second period.
    const evening = (await get(admin, at('2027-07-05T18:00:00Z')).expect(200)).body as OnCallRecipientsDto;
    expect(evening.results).toEqual([expect.objectContaining({ id: alice.id, start_date: '2027-07-05T18:00:00Z' })]);
    expect(((await get(admin, at('2027-07-06T11:59:59Z', '&all=true')).expect(200)).body as OnCallRecipientsDto).results.map((user) => user.id)).toEqual([bob.id]);
    expect(((await get(admin, at('2027-07-06T12:00:00Z', '&all=true')).expect(200)).body as OnCallRecipientsDto).count).toBe(0);
  });

  it('stops listing a user once they are deleted', async () => {
    const dave = await newUser(admin, { first_name: 'Dave', last_name: 'Dunn' });
    const { position } = await onCall(dave.id, '2027-08-02T08:00:00Z', '2027-08-02T18:00:00Z');
    const path = `/api/customer_group/on_call_recipients/${tenant.rootId}/?at=2027-08-02T12:00:00Z`;
    expect(((await get(admin, path, position).expect(200)).body as OnCallRecipientsDto).results.map((user) => user.id)).toEqual([dave.id]);
    const deleted = await request(app.url).delete(`/api/user/${dave.id}/`).set(auth(admin)).expect(204);
    expect(((await get(admin, path, deleted.headers['x-event-position']).expect(200)).body as OnCallRecipientsDto).results).toEqual([]);
  });

  it('lets admins, operators and senders ask; contacts and data users get 403; 404 outside the reach; 400 for a bad moment', async () => {
    const path = `/api/customer_group/on_call_recipients/${tenant.rootId}/`;
    for (const role of ['ADMIN', 'OPERATOR', 'SENDER'] as const) await get(keys.get(role)!, path).expect(200);
    for (const role of ['CONTACT', 'DATA'] as const) await get(keys.get(role)!, path).expect(403);
    await get(otherAdmin, path).expect(404);
    await get(admin, '/api/customer_group/on_call_recipients/constructor/').expect(404);
    expect((await get(admin, `${path}?at=yesterday`).expect(400)).body).toMatchObject({ at: [expect.stringContaining('ISO 8601')] });
  });
});

describe('live updates of on-call periods', () => {
  it("tell open screens of the user's group of a new, moved and removed period", async () => {
    const socket = connectLive(app, { token: keys.get('OPERATOR')! });
    try {
      await connected(socket);
      const added = nextUpdate(socket, (update) => update.resource === 'on_call_periods' && update.type === 'OnCallPeriodAdded');
      const { body } = await onCall(bob.id, '2027-10-04T08:00:00Z', '2027-10-04T18:00:00Z');
      expect(await added).toMatchObject({
        id: body.on_call_period_id,
        customerGroupId: northId,
        data: { on_call_period_id: body.on_call_period_id, user: bob.id, start_date: '2027-10-04T08:00:00Z', end_date: '2027-10-04T18:00:00Z' },
      });
      const moved = nextUpdate(socket, (update) => update.resource === 'on_call_periods' && update.type === 'OnCallPeriodChanged');
      await request(app.url).put(period(body.on_call_period_id)).set(auth(admin)).send({ start_date: '2027-10-04T09:00:00Z', end_date: '2027-10-04T18:00:00Z' }).expect(200);
      expect(await moved).toMatchObject({ id: body.on_call_period_id, data: { start_date: '2027-10-04T09:00:00Z', end_date: '2027-10-04T18:00:00Z' } });
      const removed = nextUpdate(socket, (update) => update.resource === 'on_call_periods' && update.type === 'OnCallPeriodRemoved');
      await request(app.url).delete(period(body.on_call_period_id)).set(auth(admin)).expect(200);
      expect(await removed).toMatchObject({ id: body.on_call_period_id, data: { on_call_period_id: body.on_call_period_id, user: bob.id, removed: true } });
    } finally {
      socket.disconnect();
    }
  });
});

describe('the history of on-call changes', () => {
  it('tells each change in the activity log, about its user', async () => {
    const { body, position } = await onCall(alice.id, '2027-09-06T08:00:00Z', '2027-09-06T18:00:00Z');
    const removed = await request(app.url).delete(period(body.on_call_period_id)).set(auth(admin)).expect(200);
    const log = (await get(admin, '/api/activity_log/?page_size=50', String(Math.max(Number(position), Number(removed.headers['x-event-position'])))).expect(200))
      .body as ActivityLogPageDto;
    const actions = log.data.activity_logs.filter((entry) => entry.target_user?.id === alice.id).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Added an on-call period from 06/09/2027 08:00:00 UTC to 06/09/2027 18:00:00 UTC',
        'Removed the on-call period from 06/09/2027 08:00:00 UTC to 06/09/2027 18:00:00 UTC',
      ]),
    );
  });
});
