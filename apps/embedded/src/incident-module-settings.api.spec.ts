import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { LiveAuth, LiveUpdate } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { connected, connectLive, nextUpdate } from './testing/live-socket';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';

let app: TestApp;
let operator: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const path = (id: string) => `/api/customer_group_im_settings/${id}/`;

beforeAll(async () => {
  app = await startTestApp();
  operator = await login(app, 'operator@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const auth = (key: string) => ({ Authorization: `Token ${key}` });

function put(key: string, id: string, body: object) {
  return request(app.url).put(path(id)).set(auth(key)).send(body);
}

async function readAfter(key: string, id: string, position: string) {
  return request(app.url).get(path(id)).set(auth(key)).set('X-Read-Position', position).expect(200);
}

describe('incident module settings', () => {
  it('answers the defaults "Incident" and "Incidents" for a group never renamed', async () => {
    const response = await request(app.url).get(path(northId)).set(auth(operator)).expect(200);
    expect(response.body).toEqual({ module_name: 'Incident', module_name_plural: 'Incidents' });
  });

  it('lets an operator rename the module; the next read (at the write position) returns the new names', async () => {
    const response = await put(operator, rootId, { module_name: 'Case', module_name_plural: 'Cases' }).expect(200);
    expect(response.body).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    const position = response.headers['x-event-position'];
    expect(Number(position)).toBeGreaterThan(0);
    const read = await readAfter(operator, rootId, position);
    expect(read.body).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    expect(Number(read.headers['x-projection-position'])).toBeGreaterThanOrEqual(Number(position));
  });

  it('lets an admin rename a descendant group', async () => {
    const admin = await login(app, 'admin@demo.test');
    const response = await put(admin, northId, { module_name: 'Event', module_name_plural: 'Events' }).expect(200);
    expect((await readAfter(admin, northId, response.headers['x-event-position'])).body.module_name_plural).toBe('Events');
  });

  it('forbids senders, contacts and data users', async () => {
    for (const role of ['sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await put(key, rootId, { module_name: 'X', module_name_plural: 'Xs' }).expect(403);
    }
  });

  it('answers 400 with a message per invalid field', async () => {
    const response = await put(operator, rootId, { module_name: ' ', module_name_plural: 7 }).expect(400);
    expect(response.body).toMatchObject({
      module_name: ['This field may not be blank.'],
      module_name_plural: ['This field may not be blank.'],
    });
  });

  it('answers 404 for an unknown id and for another tenant, revealing nothing', async () => {
    await request(app.url).get(path('no-such-group')).set(auth(operator)).expect(404);
    await put(operator, 'no-such-group', { module_name: 'A', module_name_plural: 'As' }).expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    for (const id of [rootId, northId]) {
      const read = await request(app.url).get(path(id)).set(auth(otherAdmin)).expect(404);
      expect(JSON.stringify(read.body)).not.toMatch(/Case|Event|Incident/);
      await put(otherAdmin, id, { module_name: 'Hack', module_name_plural: 'Hacks' }).expect(404);
    }
    const ownRead = await request(app.url).get(path(other.rootId)).set(auth(otherAdmin)).expect(200);
    expect(ownRead.body).toEqual({ module_name: 'Incident', module_name_plural: 'Incidents' });
    await request(app.url).get(path(other.rootId)).set(auth(operator)).expect(404);
  });

  it('a retried command with the same Idempotency-Key appends once, even after later changes', async () => {
    const body = { module_name: 'Alert', module_name_plural: 'Alerts' };
    const first = await put(operator, rootId, body).set('Idempotency-Key', 'retry-1').expect(200);
    const later = await put(operator, rootId, { module_name: 'Beta', module_name_plural: 'Betas' }).expect(200);
    const retry = await put(operator, rootId, body).set('Idempotency-Key', 'retry-1').expect(200);
    expect(retry.headers['x-event-position']).toBe(first.headers['x-event-position']);
    const read = await readAfter(operator, rootId, later.headers['x-event-position']);
    expect(read.body).toEqual({ module_name: 'Beta', module_name_plural: 'Betas' });
  });
});

describe('live updates over socket.io', () => {
  const connect = (auth: LiveAuth) => connectLive(app, auth);

  it('refuses a socket with a bad token', async () => {
    const socket = connect({ token: 'bad' });
    await expect(connected(socket)).rejects.toThrow('unauthorized');
    socket.close();
  });

  it('pushes a rename to a connected console of that group', async () => {
    const socket = connect({ token: operator });
    await connected(socket);
    const update = nextUpdate(socket, (u) => u.id === rootId && (u.data as { module_name: string }).module_name === 'Matter');
    const response = await put(operator, rootId, { module_name: 'Matter', module_name_plural: 'Matters' }).expect(200);
    const received = await update;
    expect(received).toMatchObject({
      type: 'IncidentModuleSettingsChanged',
      resource: 'customer_group_im_settings',
      data: { module_name: 'Matter', module_name_plural: 'Matters' },
      position: Number(response.headers['x-event-position']),
    });
    socket.close();
  });

  it('replays what a reconnecting client missed after its last position', async () => {
    const before = await put(operator, rootId, { module_name: 'Ticket', module_name_plural: 'Tickets' }).expect(200);
    const lastPosition = Number(before.headers['x-event-position']);
    await put(operator, rootId, { module_name: 'Issue', module_name_plural: 'Issues' }).expect(200);
    const socket = connect({ token: operator, lastPosition });
    const missed = await nextUpdate(socket, (u) => u.id === rootId);
    expect(missed.data).toEqual({ module_name: 'Issue', module_name_plural: 'Issues' });
    expect(missed.position).toBeGreaterThan(lastPosition);
    socket.close();
  });

  it('does not push one tenant\'s changes to another tenant', async () => {
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const socket = connect({ token: otherAdmin });
    await connected(socket);
    const leaked: LiveUpdate[] = [];
    socket.on('live', (update: LiveUpdate) => leaked.push(update));
    const own = nextUpdate(socket, (u) => u.id === other.rootId);
    await put(operator, rootId, { module_name: 'Secret', module_name_plural: 'Secrets' }).expect(200);
    await put(otherAdmin, other.rootId, { module_name: 'Mine', module_name_plural: 'Mine' }).expect(200);
    await own;
    expect(leaked.filter((u) => u.tenantId !== other.rootId)).toEqual([]);
    socket.close();
  });
});
