import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS, DEMO_ROOT_ID } from '@beacon/command-api';
import type { ActivityLogPageDto, CustomerGroupDto, UserDto } from '@beacon/contracts';
import { userDecider, userStream } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { createUser } from './testing/users';

let app: TestApp;
let admin: string;
let dataKey: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const CREATE = '/api/user/';
const path = (id: string) => `/api/user/${id}/`;
const read = (id: string) => `/api/user/${id}/?custom_fields=true`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  dataKey = await login(app, 'data@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const newEmail = () => `new-${randomUUID().slice(0, 8)}@demo.test`;
const body = (overrides: object = {}) => ({
  email: newEmail(),
  first_name: 'Nia',
  last_name: 'Okafor',
  customer_group: northId,
  customer_permission: 'SENDER',
  preferred_timezone: 'Europe/London',
  ...overrides,
});
const create = (key: string, sent: object) => request(app.url).post(CREATE).set(auth(key)).send(sent);
const change = (key: string, id: string, sent: object) => request(app.url).put(path(id)).set(auth(key)).send(sent);
const remove = (key: string, id: string) => request(app.url).delete(path(id)).set(auth(key));

/** GET /api/user/{id}/?custom_fields=true once the write at `position` is read. */
const readAfter = (key: string, id: string, position: string) =>
  request(app.url).get(read(id)).set(auth(key)).set('X-Read-Position', position);

async function created(key: string, overrides: object = {}): Promise<UserDto> {
  return (await create(key, body(overrides)).expect(201)).body as UserDto;
}

/** A child of the root group with these settings (locks, verification emails). */
async function groupWith(settings: object): Promise<string> {
  const group = (await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: `Team ${randomUUID().slice(0, 6)}`, parent: rootId }).expect(201))
    .body as CustomerGroupDto;
  await request(app.url).put(`/api/customer_group_settings/${group.id}/`).set(auth(admin)).send(settings).expect(200);
  return group.id;
}

const locked = (role: 'admin' | 'operator' | 'data' | 'sender') => ({
  locked_users: { admin: false, operator: false, data: false, sender: false, [role]: true },
});

describe('POST /api/user/', () => {
  it('lets an admin create a user and answers 201 with the user as GET /api/user/{id}/ answers it', async () => {
    const email = newEmail();
    const response = await create(admin, body({ email: ` ${email.toUpperCase()} ` })).expect(201);
    const user = response.body as UserDto;
    expect(user).toMatchObject({
      email,
      first_name: 'Nia',
      last_name: 'Okafor',
      customer_group: northId,
      customer_permission: 'SENDER',
      preferred_timezone: 'Europe/London',
      is_active: true,
      is_message_recipient: true,
      is_temporary: false,
      last_activity: null,
    });
    const { custom_fields: customFields, ...got } = (await readAfter(admin, user.id, response.headers['x-event-position']).expect(200)).body as UserDto;
    because('POST answers what GET then reads', () => expect(got).toEqual(user));
    because('custom_fields lists the contact fields of the user\'s group, none holding a value yet', () =>
      expect(customFields!.every((entry) => entry.user === user.id && entry.values.length === 0)).toBe(true),
    );
  });

  it('lets a data user create a user with both flags off', async () => {
    const user = await created(dataKey, { is_active: false, is_message_recipient: false, customer_permission: 'CONTACT' });
    expect(user).toMatchObject({ is_active: false, is_message_recipient: false, customer_permission: 'CONTACT' });
  });

  it.each([['operator'], ['sender'], ['contact']])('forbids a %s user (403)', async (role) => {
    await create(await login(app, `${role}@demo.test`), body()).expect(403);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['first_name', { first_name: '  ' }],
    ['last_name', { last_name: 7 }],
    ['customer_permission', { customer_permission: 'KING' }],
    ['preferred_timezone', { preferred_timezone: 'Mars/Olympus' }],
    ['is_active', { is_active: 'yes' }],
    ['customer_group', { customer_group: undefined }],
  ])('answers 400 naming %s for %j', async (field, overrides) => {
    const response = await create(admin, body(overrides)).expect(400);
    because(`the error names ${field}`, () => expect(Object.keys(response.body)).toContain(field));
  });

  it('refuses an email another user holds (409), in any case', async () => {
    const response = await create(admin, body({ email: 'Operator@Demo.test' })).expect(409);
    expect(response.body).toMatchObject({ detail: 'A user with this email already exists.' });
  });

  it("answers 404 for a group out of the caller's reach and another tenant's group", async () => {
    const other = await createSecondTenant(app);
    await create(admin, body({ customer_group: other.rootId })).expect(404);
    const north = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    await create(await login(app, north.email, north.password), body({ customer_group: rootId })).expect(404);
  });

  it('answers a retried request (same Idempotency-Key) with the same user', async () => {
    const key = randomUUID();
    const sent = body();
    const first = await create(admin, sent).set('Idempotency-Key', key).expect(201);
    const again = await create(admin, sent).set('Idempotency-Key', key).expect(201);
    expect((again.body as UserDto).id).toBe((first.body as UserDto).id);
  });
});

describe('PUT /api/user/{id}/', () => {
  it("refuses an admin's change of their own role (an only admin would leave the organisation without one)", async () => {
    const self = await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200);
    const refused = await change(admin, (self.body as { id: string }).id, { customer_permission: 'OPERATOR' }).expect(400);
    expect(refused.body.customer_permission).toEqual(['You cannot change your own role.']);
  });

  it('changes names, time zone, flags, role and group, and GET reads the change', async () => {
    const user = await created(admin);
    const response = await change(admin, user.id, {
      first_name: ' Nina ',
      preferred_timezone: 'America/New_York',
      is_active: false,
      is_message_recipient: false,
      customer_permission: 'OPERATOR',
      customer_group: rootId,
    }).expect(200);
    const expected = {
      first_name: 'Nina',
      last_name: 'Okafor',
      preferred_timezone: 'America/New_York',
      is_active: false,
      is_message_recipient: false,
      customer_permission: 'OPERATOR',
      customer_group: rootId,
    };
    expect(response.body).toMatchObject(expected);
    expect((await readAfter(admin, user.id, response.headers['x-event-position']).expect(200)).body).toMatchObject(expected);
  });

  it('changes the email the user signs in with, and frees the old one', async () => {
    const user = await createUser(app, { role: 'SENDER' });
    const email = newEmail();
    const response = await change(admin, user.userId, { email: email.toUpperCase() }).expect(200);
    expect(response.body).toMatchObject({ email });
    expect((await readAfter(admin, user.userId, response.headers['x-event-position']).expect(200)).body).toMatchObject({ email });
    await login(app, email, user.password);
    await request(app.url).post('/api/rest-auth/login/').send({ email: user.email, password: user.password }).expect(400);
    await create(admin, body({ email: user.email })).expect(201);
  });

  it("refuses an email another user holds (409) and changes nothing; the user's own in another case changes nothing", async () => {
    const user = await created(admin);
    const refused = await change(admin, user.id, { email: 'Operator@demo.test', last_name: 'Changed' }).expect(409);
    expect(refused.body).toMatchObject({ detail: 'A user with this email already exists.' });
    const same = await change(admin, user.id, { email: user.email.toUpperCase() }).expect(200);
    expect((await readAfter(admin, user.id, same.headers['x-event-position']).expect(200)).body).toMatchObject({ email: user.email, last_name: 'Okafor' });
  });

  it.each([
    ['first_name', { first_name: '' }],
    ['email', { email: 'someone@' }],
    ['preferred_timezone', { preferred_timezone: 'Nowhere' }],
    ['customer_permission', { customer_permission: 'admin' }],
    ['is_message_recipient', { is_message_recipient: 1 }],
  ])('answers 400 naming %s for %j', async (field, sent) => {
    const user = await created(admin);
    const response = await change(admin, user.id, sent).expect(400);
    because(`the error names ${field}`, () => expect(Object.keys(response.body)).toContain(field));
  });

  it("answers 404 for another tenant's user and for a move out of reach", async () => {
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const user = await created(admin);
    await change(otherAdmin, user.id, { last_name: 'Mine' }).expect(404);
    await remove(otherAdmin, user.id).expect(404);
    await request(app.url).get(read(user.id)).set(auth(otherAdmin)).expect(404);
    await change(admin, user.id, { customer_group: other.rootId }).expect(404);
  });

  it('lets a user edit only their own name and time zone, and only when the group sends verification emails', async () => {
    const quiet = await createUser(app, { role: 'OPERATOR', customerGroupId: await groupWith({ send_verification_email: false }) });
    const quietKey = await login(app, quiet.email, quiet.password);
    await change(quietKey, quiet.userId, { first_name: 'Me' }).expect(403);

    const verifying = await createUser(app, { role: 'OPERATOR', customerGroupId: await groupWith({ send_verification_email: true }) });
    const key = await login(app, verifying.email, verifying.password);
    const response = await change(key, verifying.userId, { first_name: 'Olu', preferred_timezone: 'Africa/Lagos' }).expect(200);
    expect(response.body).toMatchObject({ first_name: 'Olu', preferred_timezone: 'Africa/Lagos', customer_permission: 'OPERATOR' });
    await change(key, verifying.userId, { customer_permission: 'ADMIN' }).expect(403);
    await change(key, verifying.userId, { is_message_recipient: false }).expect(403);
    await change(key, verifying.userId, { email: newEmail() }).expect(403);
    await change(key, quiet.userId, { first_name: 'Not me' }).expect(403);
  });

  it('forbids operators and senders editing others (403)', async () => {
    const user = await created(admin);
    for (const role of ['operator', 'sender', 'contact']) await change(await login(app, `${role}@demo.test`), user.id, { last_name: 'X' }).expect(403);
  });
});

describe('locked users (locked_users of the user\'s group)', () => {
  it('lets only an admin create, change, delete, give or take a locked role', async () => {
    const groupId = await groupWith(locked('sender'));
    await create(dataKey, body({ customer_group: groupId, customer_permission: 'SENDER' })).expect(403);
    const sender = await created(admin, { customer_group: groupId, customer_permission: 'SENDER' });
    await change(dataKey, sender.id, { last_name: 'Changed' }).expect(403);
    await change(dataKey, sender.id, { customer_permission: 'CONTACT' }).expect(403);
    await remove(dataKey, sender.id).expect(403);

    const contact = await created(dataKey, { customer_group: groupId, customer_permission: 'CONTACT' });
    await change(dataKey, contact.id, { customer_permission: 'SENDER' }).expect(403);
    await change(dataKey, contact.id, { last_name: 'Unlocked role' }).expect(200);

    await change(admin, sender.id, { last_name: 'By admin' }).expect(200);
    await change(admin, contact.id, { customer_permission: 'SENDER' }).expect(200);
    await remove(admin, sender.id).expect(204);
  });

  it('refuses a data user moving a user into a group that locks their role', async () => {
    const groupId = await groupWith(locked('operator'));
    const operator = await created(admin, { customer_permission: 'OPERATOR' });
    await change(dataKey, operator.id, { customer_group: groupId }).expect(403);
    await change(admin, operator.id, { customer_group: groupId }).expect(200);
  });

  it('lets only an admin give, take, change or delete the admin role, locked or not', async () => {
    await create(dataKey, body({ customer_permission: 'ADMIN' })).expect(403);
    const boss = await created(admin, { customer_permission: 'ADMIN' });
    await change(dataKey, boss.id, { last_name: 'X' }).expect(403);
    await remove(dataKey, boss.id).expect(403);
    const contact = await created(dataKey, { customer_permission: 'CONTACT' });
    await change(dataKey, contact.id, { customer_permission: 'ADMIN' }).expect(403);
  });
});

describe('DELETE /api/user/{id}/', () => {
  it('removes the user from reads, ends their sign-in and refuses new ones, and releases their email', async () => {
    const user = await createUser(app, { role: 'SENDER' });
    const userKey = await login(app, user.email, user.password);
    const response = await remove(admin, user.userId).expect(204);
    await readAfter(admin, user.userId, response.headers['x-event-position']).expect(404);
    await request(app.url).get('/api/users/keepalive/').set(auth(userKey)).expect(401);
    await request(app.url).post('/api/rest-auth/login/').send({ email: user.email, password: user.password }).expect(400);
    await remove(admin, user.userId).expect(404);
    await change(admin, user.userId, { last_name: 'Gone' }).expect(404);

    const again = (await create(admin, body({ email: user.email })).expect(201)).body as UserDto;
    because('the email belongs to the new user', () => expect(again.id).not.toBe(user.userId));
    const ids = await request(app.url).get('/api/customer_group/get_users_id/').set(auth(admin)).set('X-Read-Position', response.headers['x-event-position']).expect(200);
    expect(ids.body).not.toContain(user.userId);
  });

  it('answers a retried request (same Idempotency-Key) as the first: 204', async () => {
    const user = await created(admin);
    const key = randomUUID();
    await remove(admin, user.id).set('Idempotency-Key', key).expect(204);
    await remove(admin, user.id).set('Idempotency-Key', key).expect(204);
    await remove(admin, user.id).set('Idempotency-Key', randomUUID()).expect(404);
  });

  it('frees an email a deleted user still holds (a deletion whose release never ran) for the next user', async () => {
    const user = await created(admin);
    const unlocked = { admin: false, operator: false, data: false, sender: false };
    await app.app.get(CommandExecutor).execute(
      userStream(user.id),
      userDecider,
      { type: 'DeleteUser', data: { by: { userId: 'system', customerPermission: 'ADMIN' }, lockedRoles: unlocked } },
      { tenantId: DEMO_ROOT_ID, actorUserId: null, acceptedAt: new Date() },
    );
    await create(admin, body({ email: user.email })).expect(201);
  });

  it('frees an email its user gave up for another (a change whose release never ran) for the next user', async () => {
    const user = await created(admin);
    const unlocked = { admin: false, operator: false, data: false, sender: false };
    await app.app.get(CommandExecutor).execute(
      userStream(user.id),
      userDecider,
      {
        type: 'ChangeUser',
        data: { changes: { email: newEmail() }, by: { userId: 'system', customerPermission: 'ADMIN' }, group: { sendVerificationEmail: false, lockedRoles: unlocked } },
      },
      { tenantId: DEMO_ROOT_ID, actorUserId: null, acceptedAt: new Date() },
    );
    await create(admin, body({ email: user.email })).expect(201);
  });

  it('refuses deleting yourself (400)', async () => {
    const self = await createUser(app, { role: 'DATA' });
    const key = await login(app, self.email, self.password);
    const response = await remove(key, self.userId).expect(400);
    expect(response.body).toMatchObject({ detail: 'You cannot delete yourself.' });
  });

  it.each([['operator'], ['sender'], ['contact']])('forbids a %s user (403)', async (role) => {
    const user = await created(admin);
    await remove(await login(app, `${role}@demo.test`), user.id).expect(403);
  });

  it("keeps the deleted user's activity readable, with their name", async () => {
    const user = await createUser(app, { role: 'SENDER' });
    await login(app, user.email, user.password);
    const deleted = await remove(admin, user.userId).expect(204);
    const page = (await request(app.url).get('/api/activity_log/').set(auth(admin)).set('X-Read-Position', deleted.headers['x-event-position']).expect(200))
      .body as ActivityLogPageDto;
    const theirs = page.data.activity_logs.filter((entry) => entry.user?.id === user.userId || entry.target_user?.id === user.userId);
    const actions = theirs.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining([`Deleted user ${user.email}`, `Released the email address ${user.email}`, 'Signed in']));
    const signedIn = theirs.find((entry) => entry.action === 'Signed in');
    because('the activity log still names the deleted user', () => expect(signedIn?.user).toEqual({ id: user.userId, email: user.email, name: 'Test User' }));
  });

  it('records who changed what in the activity log', async () => {
    const user = await created(admin);
    const response = await change(admin, user.id, { last_name: 'Renamed', is_active: false }).expect(200);
    const page = (await request(app.url).get('/api/activity_log/').set(auth(admin)).set('X-Read-Position', response.headers['x-event-position']).expect(200))
      .body as ActivityLogPageDto;
    const entry = page.data.activity_logs.find((candidate) => candidate.target_user?.id === user.id && candidate.event_type === 'UserDetailsChanged');
    expect(entry).toMatchObject({ action: "Changed a user's last name, is active", details: { last_name: 'Renamed', is_active: false }, user: { email: 'admin@demo.test' } });
  });
});
