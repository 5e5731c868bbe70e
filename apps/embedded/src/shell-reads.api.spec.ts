import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS, DEMO_USERS } from '@beacon/command-api';
import type { CustomerGroupDto, UserDto } from '@beacon/contracts';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { createUser, type TestUser } from './testing/users';
import { because } from '@beacon/testing';

let app: TestApp;
let admin: string;
let northOperator: TestUser;
let northKey: string;

const [root, north, south, west] = DEMO_GROUPS.map((group) => group.customerGroupId) as [string, string, string, string];
const demoAdmin = DEMO_USERS.find((user) => user.customerPermission === 'ADMIN')!;
const demoContact = DEMO_USERS.find((user) => user.customerPermission === 'CONTACT')!;

const get = (key: string, path: string) => request(app.url).get(path).set(auth(key));

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  northOperator = await createUser(app, { role: 'OPERATOR', customerGroupId: north });
  northKey = await login(app, northOperator.email, northOperator.password);
  await eventually(() => get(admin, `/api/user/${northOperator.userId}/`).expect(200));
});

afterAll(async () => {
  await app?.close();
});

describe('customer groups in reach', () => {
  it('GET /api/customer_group/ lists the caller\'s group and its descendants, parents first', async () => {
    const all = (await get(admin, '/api/customer_group/').expect(200)).body as CustomerGroupDto[];
    expect(all.map((group) => group.name)).toEqual(['Demo Organisation', 'North Region', 'South Region', 'West Region']);
    expect(all[1]).toMatchObject({ id: north, parent: root, root_parent_id: root });
    expect(all[1]!.root_customer_group_permissions).toContain('Use Microsoft Teams');
    const fromNorth = (await get(northKey, '/api/customer_group/').expect(200)).body as CustomerGroupDto[];
    expect(fromNorth.map((group) => group.id)).toEqual([north]);
  });

  it('GET /api/customer_group_ids/ answers the ids in reach', async () => {
    expect((await get(admin, '/api/customer_group_ids/').expect(200)).body).toEqual([root, north, south, west]);
    expect((await get(northKey, '/api/customer_group_ids/').expect(200)).body).toEqual([north]);
  });

  it('GET /api/customer_group/get_users_id/ answers the users of the caller\'s group, with descendants when asked', async () => {
    const own = (await get(admin, '/api/customer_group/get_users_id/').expect(200)).body as string[];
    expect(own).toEqual(expect.arrayContaining(DEMO_USERS.map((user) => user.userId)));
    expect(own).not.toContain(northOperator.userId);
    const withDescendants = (await get(admin, '/api/customer_group/get_users_id/?descendants=true').expect(200)).body as string[];
    expect(withDescendants).toEqual(expect.arrayContaining([...own, northOperator.userId]));
    const fromNorth = (await get(northKey, '/api/customer_group/get_users_id/?descendants=true').expect(200)).body as string[];
    expect(fromNorth).toContain(northOperator.userId);
    expect(fromNorth).not.toContain(demoAdmin.userId);
  });
});

describe('GET /api/user/{id}/?custom_fields=true', () => {
  it('answers the user with the spec\'s fields, custom_fields, and the time of their last call', async () => {
    const before = Date.now();
    await get(northKey, '/api/customer_group/self/').expect(200);
    const user = (await get(admin, `/api/user/${northOperator.userId}/?custom_fields=true`).expect(200)).body as UserDto;
    expect(user).toMatchObject({
      id: northOperator.userId,
      email: northOperator.email,
      first_name: 'Test',
      last_name: 'User',
      customer_permission: 'OPERATOR',
      customer_group: north,
      is_temporary: false,
      preferred_timezone: 'Europe/London',
      failed_attempts: 0,
    });
    because("custom_fields lists the demo tenant's contact fields, the user holding no value", () => {
      expect(user.custom_fields!.length).toBeGreaterThan(0);
      expect(user.custom_fields!.every((entry) => entry.user === northOperator.userId && entry.values.length === 0)).toBe(true);
    });
    // A call's time is written once it moves the token's expiry by a step (a minute at most at the default lifetime).
    expect(Date.parse(user.last_activity!)).toBeGreaterThanOrEqual(before - 60_000);
    expect(Date.parse(user.last_activity!)).toBeLessThanOrEqual(Date.now());

    await new Promise((resolve) => setTimeout(resolve, 20));
    // The console's keepalive writes the call's time at once.
    const keptAt = Date.now();
    await get(northKey, '/api/users/keepalive/').expect(200);
    const later = (await get(admin, `/api/user/${northOperator.userId}/`).expect(200)).body as UserDto;
    expect(Date.parse(later.last_activity!)).toBeGreaterThanOrEqual(keptAt);
    expect(later.custom_fields).toBeUndefined();
  });

  it('answers null last_activity for a user who never signed in', async () => {
    const idle = await createUser(app, { role: 'SENDER' });
    const user = await eventually(async () => (await get(admin, `/api/user/${idle.userId}/`).expect(200)).body as UserDto);
    expect(user.last_activity).toBeNull();
  });

  it('lets anyone read themselves, and only admins, operators, senders and data users read others', async () => {
    const contact = await login(app, 'contact@demo.test');
    await get(contact, `/api/user/${demoContact.userId}/?custom_fields=true`).expect(200);
    await get(contact, `/api/user/${demoAdmin.userId}/`).expect(403);
    const sender = await login(app, 'sender@demo.test');
    await get(sender, `/api/user/${demoAdmin.userId}/`).expect(200);
  });

  it('answers 404 for a user outside the caller\'s reach and for an unknown id', async () => {
    await get(northKey, `/api/user/${demoAdmin.userId}/`).expect(404);
    await get(admin, '/api/user/no-such-user/').expect(404);
  });
});

describe('tenant isolation of every id-taking user call', () => {
  let other: { rootId: string; adminEmail: string };
  let otherAdmin: string;
  let otherAdminId: string;

  beforeAll(async () => {
    other = await createSecondTenant(app);
    otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    otherAdminId = (await eventually(() => get(otherAdmin, '/api/user/self/').expect(200))).body.id as string;
  });

  const calls = (id: string) => [
    { method: 'get', path: `/api/user/${id}/?custom_fields=true` },
    { method: 'delete', path: `/api/user/${id}/delete_failed_login_attempts/` },
    { method: 'delete', path: `/api/user/${id}/delete_password_reset_attempts/` },
    { method: 'post', path: `/api/user/${id}/impersonate/` },
  ] as const;

  it('another tenant\'s admin gets 404 and no data for the demo tenant\'s users', async () => {
    for (const { method, path } of calls(demoAdmin.userId)) {
      const response = await request(app.url)[method](path).set(auth(otherAdmin)).expect(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('the demo admin gets 404 for the other tenant\'s admin', async () => {
    for (const { method, path } of calls(otherAdminId)) {
      const response = await request(app.url)[method](path).set(auth(admin)).expect(404);
      expect(JSON.stringify(response.body)).not.toContain(other.adminEmail);
    }
  });

  it('lists, ids and the outbox show only the caller\'s own tenant', async () => {
    const ids = (await get(otherAdmin, '/api/customer_group_ids/').expect(200)).body as string[];
    expect(ids).toEqual([other.rootId]);
    const groups = (await get(otherAdmin, '/api/customer_group/').expect(200)).body as CustomerGroupDto[];
    expect(groups.map((group) => group.id)).toEqual([other.rootId]);
    const users = (await get(otherAdmin, '/api/customer_group/get_users_id/?descendants=true').expect(200)).body as string[];
    expect(users).toEqual([otherAdminId]);
    await request(app.url).post('/api/rest-auth/password/reset/').send({ email: 'operator@demo.test' }).expect(200);
    const demoOutbox = (await get(admin, '/api/email_outbox/').expect(200)).body.results as unknown[];
    expect(demoOutbox.length).toBeGreaterThan(0);
    expect((await get(otherAdmin, '/api/email_outbox/').expect(200)).body).toEqual({ results: [] });
  });

  it('the outbox is for admins only', async () => {
    await get(northKey, '/api/email_outbox/').expect(403);
  });
});
