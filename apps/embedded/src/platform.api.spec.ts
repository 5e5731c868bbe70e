import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { LIVE_UPDATE_EVENT, type LiveUpdate, type OrganisationPageDto, type OrganisationProvisionedDto } from '@beacon/contracts';
import { ORGANISATION_NAME_TAKEN, USER_EMAIL_TAKEN_MESSAGE } from '@beacon/domain';
import { ORGANISATION_SUSPENDED, PLATFORM_API_OFF, PLATFORM_KEY_REQUIRED, PLATFORM_KEY_WRONG, PLATFORM_WRONG_KEYS_PER_15_MINUTES } from '@beacon/platform';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { connected, connectLive } from './testing/live-socket';
import { runPlatformTool } from './testing/platform-tool';
import { PROVISIONED_ADMIN_PASSWORD, signInAsProvisionedAdmin } from './testing/provisioned-admin';

/**
 * The platform's operators' API over HTTP (issue: organisations): provisioning an organisation whose
 * admin sets a password from the welcome email and builds a child group, its feature permissions set
 * and enforced, and the platform key kept apart from users' tokens.
 */
const KEY = randomBytes(32).toString('hex');
const INCIDENTS = 'Show {product} + Incident Manager dashboard';
const PASSWORD = PROVISIONED_ADMIN_PASSWORD;

let app: TestApp;

const platform = (method: 'get' | 'post' | 'put', path: string, key = KEY) => request(app.url)[method](path).set('Authorization', `Platform ${key}`);
const unique = () => randomUUID().slice(0, 8);
const organisation = (changes: Record<string, unknown> = {}) => ({
  name: `Acme Water ${unique()}`,
  root_permissions: ['SMS', 'Voice', INCIDENTS],
  admin: { email: `founder-${unique()}@acme.test`, first_name: 'Ada', last_name: 'Founder' },
  ...changes,
});

const signInAsNewAdmin = (email: string) => signInAsProvisionedAdmin(app, email);

beforeAll(async () => {
  app = await startTestApp({ PLATFORM_API_KEY: KEY });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('provisioning an organisation', () => {
  it('makes the organisation and its admin, who sets a password from the welcome email, signs in and builds a child group', async () => {
    const asked = organisation();
    const made = (await platform('post', '/api/platform/organisations/').send(asked).expect(201)).body as OrganisationProvisionedDto;
    expect(made).toMatchObject({ name: asked.name, root_permissions: ['Voice', 'SMS', INCIDENTS], admin: { email: asked.admin.email } });

    const admin = await signInAsNewAdmin(asked.admin.email);
    const self = (await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200)).body as { customer_group: unknown; customer_permission: string };
    expect(self.customer_permission).toBe('ADMIN');
    const child = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: 'North depot', parent: made.id }).expect(201);
    expect(child.body).toMatchObject({ name: 'North depot', parent: made.id, root_parent_id: made.id });
    // Nothing of the demo organisation is in its reach.
    const groups = (await request(app.url).get('/api/customer_group/').set(auth(admin)).set('X-Read-Position', child.headers['x-event-position']!).expect(200)).body as { id: string }[];
    expect(groups.map((group) => group.id).sort()).toEqual([made.id, (child.body as { id: string }).id].sort());
  });

  it('provisions once for a repeated Idempotency-Key', async () => {
    const asked = organisation();
    const key = randomUUID();
    const first = (await platform('post', '/api/platform/organisations/').set('Idempotency-Key', key).send(asked).expect(201)).body as OrganisationProvisionedDto;
    const again = (await platform('post', '/api/platform/organisations/').set('Idempotency-Key', key).send(asked).expect(201)).body as OrganisationProvisionedDto;
    expect(again).toEqual(first);
  });

  it('seeded the demo organisation through the same provisioning: its name reserved, listed like any other, its admin made by it', async () => {
    const demo = await login(app, 'admin@demo.test');
    const taken = await platform('post', '/api/platform/organisations/').send(organisation({ name: 'demo ORGANISATION' })).expect(409);
    expect(taken.body.detail).toBe(ORGANISATION_NAME_TAKEN);
    const listed = await eventually(async () => {
      const page = (await platform('get', '/api/platform/organisations/').query({ search: 'Demo Organisation' }).expect(200)).body as OrganisationPageDto;
      return page.results.find((each) => each.name === 'Demo Organisation') ?? Promise.reject(new Error('not listed yet'));
    });
    expect(listed).toMatchObject({ state: 'active', customer_groups: 4 });
    expect(listed.users).toBeGreaterThanOrEqual(6);
    const self = (await request(app.url).get('/api/user/self/').set(auth(demo)).expect(200)).body as { customer_group: { id: string } | string };
    expect(JSON.stringify(self.customer_group)).toContain(listed.id);
    const log = JSON.stringify((await request(app.url).get('/api/activity_log/').query({ search: 'Reserved the organisation name' }).set(auth(demo)).expect(200)).body);
    expect(log).toContain('Reserved the organisation name Demo Organisation');
  });

  it('refuses a taken name (whatever its case and spacing), a taken admin email, an unknown permission and bad fields, naming the field', async () => {
    const asked = organisation();
    await platform('post', '/api/platform/organisations/').send(asked).expect(201);
    const sameName = await platform('post', '/api/platform/organisations/').send(organisation({ name: `  ${asked.name.toUpperCase().replace(' ', '   ')} ` })).expect(409);
    expect(sameName.body.detail).toBe(ORGANISATION_NAME_TAKEN);
    const sameEmail = await platform('post', '/api/platform/organisations/').send(organisation({ admin: { ...asked.admin, email: asked.admin.email.toUpperCase() } })).expect(409);
    expect(sameEmail.body.detail).toBe(USER_EMAIL_TAKEN_MESSAGE);
    const unknown = await platform('post', '/api/platform/organisations/').send(organisation({ root_permissions: ['SMS', 'Telepathy'] })).expect(400);
    expect(unknown.body.root_permissions).toEqual(['Not a feature permission: "Telepathy".']);
    const blank = await platform('post', '/api/platform/organisations/').send(organisation({ name: '  ', admin: { email: 'not an email', first_name: 'A', last_name: 'B' } })).expect(400);
    expect(Object.keys(blank.body)).toEqual(expect.arrayContaining(['name', 'admin']));
  });
});

describe('an organisation’s feature permissions', () => {
  it('are recorded, told in the activity log, and enforced by the server from then on', async () => {
    const asked = organisation();
    const made = (await platform('post', '/api/platform/organisations/').send(asked).expect(201)).body as OrganisationProvisionedDto;
    const admin = await signInAsNewAdmin(asked.admin.email);
    await eventually(async () => void (await request(app.url).get('/api/incidents/field/').set(auth(admin)).expect(200)));

    // The organisation's signed-in users hear of it; another organisation's do not.
    const socket = connectLive(app, { token: admin });
    const stranger = connectLive(app, { token: await login(app, 'admin@demo.test') });
    const heard: LiveUpdate[] = [];
    const strangerHeard: LiveUpdate[] = [];
    await Promise.all([connected(socket), connected(stranger)]);
    socket.on(LIVE_UPDATE_EVENT, (update: LiveUpdate) => heard.push(update));
    stranger.on(LIVE_UPDATE_EVENT, (update: LiveUpdate) => strangerHeard.push(update));

    const changed = await platform('put', `/api/platform/organisations/${made.id}/permissions/`).send({ root_permissions: ['SMS', 'Use Slack'] }).expect(200);
    try {
      const update = await eventually(async () => heard.find((each) => each.type === 'RootPermissionsChanged') ?? Promise.reject(new Error('not heard yet')));
      expect(update.data).toEqual({ root_customer_group_permissions: ['SMS', 'Use Slack'] });
      expect(strangerHeard.filter((each) => each.type === 'RootPermissionsChanged')).toEqual([]);
    } finally {
      socket.close();
      stranger.close();
    }
    expect(changed.body).toEqual({ id: made.id, root_permissions: ['SMS', 'Use Slack'], added: ['Use Slack'], removed: ['Voice', INCIDENTS] });
    await eventually(async () => void (await request(app.url).get('/api/incidents/field/').set(auth(admin)).expect(403)));
    const log = await eventually(async () => {
      const page = JSON.stringify((await request(app.url).get('/api/activity_log/').set(auth(admin)).expect(200)).body);
      if (!page.includes("Changed the organisation's feature permissions")) throw new Error('not logged yet');
      return page;
    });
    expect(JSON.stringify(log)).toContain('turned on Use Slack; turned off Voice, Show {product} + Incident Manager dashboard');

    // The same set again changes nothing; an unknown name, a child group and another id are refused.
    expect((await platform('put', `/api/platform/organisations/${made.id}/permissions/`).send({ root_permissions: ['Use Slack', 'SMS'] }).expect(200)).body).toMatchObject({ added: [], removed: [] });
    await platform('put', `/api/platform/organisations/${made.id}/permissions/`).send({ root_permissions: ['Everything'] }).expect(400);
    await platform('put', `/api/platform/organisations/${randomUUID()}/permissions/`).send({ root_permissions: [] }).expect(404);
    await platform('put', '/api/platform/organisations/__proto__/permissions/').send({ root_permissions: [] }).expect(404);
  });
});

describe('suspending an organisation', () => {
  it('refuses its sign-ins, tokens and sockets with a clear message, deletes nothing, and a resume restores everything', async () => {
    const asked = organisation();
    const made = (await platform('post', '/api/platform/organisations/').send(asked).expect(201)).body as OrganisationProvisionedDto;
    const admin = await signInAsNewAdmin(asked.admin.email);
    const child = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: 'Kept depot', parent: made.id }).expect(201);
    const socket = connectLive(app, { token: admin });
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason: string) => resolve(reason)));
    const demoAdmin = await login(app, 'admin@demo.test');

    const suspended = await platform('post', `/api/platform/organisations/${made.id}/suspend/`).send({ reason: 'Invoice unpaid' }).expect(200);
    expect(suspended.body).toEqual({ id: made.id, suspended: true });
    expect(await closed).toBe('io server disconnect');
    const call = await eventually(async () => request(app.url).get('/api/user/self/').set(auth(admin)).expect(401));
    expect(call.body.detail).toBe(ORGANISATION_SUSPENDED);
    const send = await request(app.url).post('/api/scenario/send_without_saving/').set(auth(admin)).send({}).expect(401);
    expect(send.body.detail).toBe(ORGANISATION_SUSPENDED);
    const signIn = await request(app.url).post('/api/rest-auth/login/').send({ email: asked.admin.email, password: PASSWORD }).expect(403);
    expect(signIn.body.detail).toBe(ORGANISATION_SUSPENDED);
    // Only someone who knows the password learns of the suspension.
    const wrong = await request(app.url).post('/api/rest-auth/login/').send({ email: asked.admin.email, password: 'Not-the-password-1' }).expect(400);
    expect(JSON.stringify(wrong.body)).not.toContain('suspended');
    // Another organisation goes on as before.
    await request(app.url).get('/api/user/self/').set(auth(demoAdmin)).expect(200);
    // Suspending again changes nothing.
    expect((await platform('post', `/api/platform/organisations/${made.id}/suspend/`).send({}).expect(200)).body).toEqual({ id: made.id, suspended: true });

    expect((await platform('post', `/api/platform/organisations/${made.id}/resume/`).expect(200)).body).toEqual({ id: made.id, suspended: false });
    // The token from before works again, and so does sign-in; the child group is still there.
    await eventually(async () => void (await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200)));
    const again = await login(app, asked.admin.email, PASSWORD);
    await request(app.url).get(`/api/customer_group/${(child.body as { id: string }).id}/`).set(auth(again)).expect(200);
    const log = JSON.stringify((await request(app.url).get('/api/activity_log/').set(auth(again)).expect(200)).body);
    expect(log).toContain('Suspended the organisation');
    expect(log).toContain('Resumed the organisation');
    socket.close();
  });

  it('suspends and resumes only organisations', async () => {
    await platform('post', `/api/platform/organisations/${randomUUID()}/suspend/`).send({}).expect(404);
    await platform('post', '/api/platform/organisations/__proto__/resume/').expect(404);
    const asked = organisation();
    const made = (await platform('post', '/api/platform/organisations/').send(asked).expect(201)).body as OrganisationProvisionedDto;
    await platform('post', `/api/platform/organisations/${made.id}/suspend/`).send({ reason: 'x'.repeat(501) }).expect(400);
  });
});

describe('the list of organisations', () => {
  it('lists them by name with their state, permissions, size and last activity, a page at a time, searched by name', async () => {
    const tag = unique();
    const asked = organisation({ name: `Zephyr Ports ${tag}`, root_permissions: ['SMS'] });
    const made = (await platform('post', '/api/platform/organisations/').send(asked).expect(201)).body as OrganisationProvisionedDto;
    await platform('post', '/api/platform/organisations/').send(organisation({ name: `Alpha Ports ${tag}` })).expect(201);
    const admin = await signInAsNewAdmin(asked.admin.email);
    const child = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: 'Quay', parent: made.id }).expect(201);
    await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200);
    await platform('post', `/api/platform/organisations/${made.id}/suspend/`).send({}).expect(200);

    const page = await eventually(async () => {
      const found = (await platform('get', '/api/platform/organisations/').query({ search: `PORTS ${tag}` }).set('X-Read-Position', child.headers['x-event-position']!).expect(200)).body as OrganisationPageDto;
      if (found.results.find((each) => each.id === made.id)?.state !== 'suspended' || !found.results.find((each) => each.id === made.id)?.last_activity) throw new Error('not yet');
      return found;
    });
    expect(page.count).toBe(2);
    expect(page.results.map((each) => each.name)).toEqual([`Alpha Ports ${tag}`, `Zephyr Ports ${tag}`]);
    expect(page.results[1]).toMatchObject({ id: made.id, state: 'suspended', root_permissions: ['SMS'], users: 1, customer_groups: 2 });
    const second = (await platform('get', '/api/platform/organisations/').query({ search: `ports ${tag}`, page: 2, page_size: 1 }).expect(200)).body as OrganisationPageDto;
    expect([second.count, second.results.map((each) => each.id)]).toEqual([2, [made.id]]);
    await platform('get', '/api/platform/organisations/').query({ page_size: 201 }).expect(400);
    await platform('get', '/api/platform/organisations/').query({ search: '.*(' }).expect(200);
    // A user's token does not list them.
    await request(app.url).get('/api/platform/organisations/').set(auth(await login(app, 'admin@demo.test'))).expect(401);
    await platform('post', `/api/platform/organisations/${made.id}/resume/`).expect(200);
  });
});

describe('npm run platform', () => {
  const run = (args: string[], key = KEY) => runPlatformTool(app, args, key);

  it('provisions an organisation whose admin signs in and builds a child group, sets its permissions, and says why when refused', async () => {
    const name = `Harbour Board ${unique()}`;
    const email = `harbour-${unique()}@board.test`;
    const created = await run([
      'create-organisation', '--name', name, '--admin-email', email, '--admin-first-name', 'Hal', '--admin-last-name', 'Board', '--permissions', 'SMS, Voice', '--quotas', 'SMS=100',
    ]);
    expect(created.code).toBe(0);
    const made = JSON.parse(created.stdout) as OrganisationProvisionedDto;
    expect(made).toMatchObject({ name, root_permissions: ['Voice', 'SMS'], quotas: { SMS: 100 }, admin: { email } });
    const admin = await signInAsNewAdmin(email);
    const child = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: 'Quay', parent: made.id }).expect(201);
    expect(child.body).toMatchObject({ name: 'Quay', parent: made.id, root_parent_id: made.id });

    const set = await run(['set-permissions', made.id, '--permissions', 'SMS']);
    expect([set.code, JSON.parse(set.stdout)]).toEqual([0, { id: made.id, root_permissions: ['SMS'], added: [], removed: ['Voice'] }]);
    expect(JSON.parse((await run(['suspend', made.id, '--reason', 'Contract ended'])).stdout)).toEqual({ id: made.id, suspended: true });
    expect(JSON.parse((await run(['resume', made.id])).stdout)).toEqual({ id: made.id, suspended: false });
    const listed = await eventually(async () => {
      const answer = JSON.parse((await run(['list', '--search', name])).stdout) as OrganisationPageDto;
      if (answer.results[0]?.root_permissions.join() !== 'SMS') throw new Error('not yet');
      return answer;
    });
    expect(listed).toMatchObject({ count: 1, results: [{ id: made.id, name, state: 'active' }] });

    const again = await run(['create-organisation', '--name', name, '--admin-email', `other-${email}`, '--admin-first-name', 'A', '--admin-last-name', 'B']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`409: ${ORGANISATION_NAME_TAKEN}`);
    const unknown = await run(['set-permissions', made.id, '--permissions', 'Telepathy']);
    expect(unknown.stderr).toContain('root_permissions: Not a feature permission: "Telepathy".');
    expect((await run(['create-organisation', '--name', 'X'])).code).toBe(2);
    expect((await run(['explode'])).stderr).toContain('unknown command explode');
  });
});

describe('the platform key', () => {
  it('is the only way in: a tenant admin’s token is refused, and the key is no token of a tenant call', async () => {
    const admin = await login(app, 'admin@demo.test');
    const withToken = await request(app.url).post('/api/platform/organisations/').set(auth(admin)).send(organisation()).expect(401);
    expect(withToken.body.detail).toBe(PLATFORM_KEY_REQUIRED);
    await request(app.url).post('/api/platform/organisations/').send(organisation()).expect(401);
    await request(app.url).get('/api/user/self/').set('Authorization', `Platform ${KEY}`).expect(401);
    await request(app.url).get('/api/user/self/').set('Authorization', `Token ${KEY}`).expect(401);
  });

  it('answers a wrong key 401, and too many wrong keys from one address 429 with Retry-After', async () => {
    const wrong = randomBytes(32).toString('hex');
    for (let attempt = 0; attempt < PLATFORM_WRONG_KEYS_PER_15_MINUTES; attempt++) {
      expect((await platform('put', `/api/platform/organisations/${randomUUID()}/permissions/`, wrong).send({ root_permissions: [] }).expect(401)).body.detail).toBe(PLATFORM_KEY_WRONG);
    }
    const blocked = await platform('put', `/api/platform/organisations/${randomUUID()}/permissions/`, wrong).send({ root_permissions: [] }).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The right key is refused too from that address, until the wait is over: a guesser learns nothing from it.
    await platform('put', `/api/platform/organisations/${randomUUID()}/permissions/`).send({ root_permissions: [] }).expect(429);
  });
});

describe('without PLATFORM_API_KEY', () => {
  it('is off: every platform call answers 404', async () => {
    const off = await startTestApp();
    try {
      const answer = await request(off.url).post('/api/platform/organisations/').set('Authorization', `Platform ${KEY}`).send(organisation()).expect(404);
      expect(answer.body.detail).toBe(PLATFORM_API_OFF);
    } finally {
      await off.close();
    }
  });
});
