import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ActivityLogPageDto, IncidentFieldDto, ParkedEventDto } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { connected, connectLive, nextUpdate } from './testing/live-socket';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';

/**
 * A poison event appended straight into the store for tenant A (as the `__proto__` field deletion
 * once did: a change naming no document) is parked by the one read model that cannot apply it.
 * Tenant B's writes keep reaching B's read models and live updates, A's other read models go on,
 * and A's admins see the parked event, with a line in their activity log, and can ask for a retry.
 */
const rootA = DEMO_GROUPS[0].customerGroupId;
let app: TestApp;
let tenantB: { rootId: string; adminEmail: string };
let adminA: string;
let adminB: string;
let poisonPosition: number;

const settingsPath = (id: string) => `/api/customer_group_im_settings/${id}/`;

beforeAll(async () => {
  app = await startTestApp();
  tenantB = await createSecondTenant(app);
  adminA = await login(app, 'admin@demo.test');
  adminB = await login(app, tenantB.adminEmail, OTHER_TENANT_PASSWORD);
  const eventStore = app.app.get<EventStore>(EVENT_STORE);
  // A stream of its own: the write side never loads it, only the read side sees the event.
  const appended = await eventStore.appendToStream(`poison-${randomUUID()}`, [
    {
      id: randomUUID(),
      type: 'IncidentFieldDeleted',
      data: { fieldId: '' },
      metadata: { tenantId: rootA, customerGroupId: rootA, actorUserId: null, commandId: randomUUID(), acceptedAt: new Date().toISOString() },
    },
  ], { expectedRevision: 'any' });
  poisonPosition = appended.position;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function parkedOf(token: string): Promise<ParkedEventDto[]> {
  const response = await request(app.url).get('/api/parked_events/').set(auth(token)).expect(200);
  return (response.body as { data: ParkedEventDto[] }).data;
}

describe('a poison event for one tenant', () => {
  it("lets the other tenant's writes reach its read models and live updates", async () => {
    const socket = connectLive(app, { token: adminB });
    await connected(socket);
    const pushed = nextUpdate(socket, (u) => u.id === tenantB.rootId);
    const write = await request(app.url).put(settingsPath(tenantB.rootId)).set(auth(adminB)).send({ module_name: 'Case', module_name_plural: 'Cases' }).expect(200);
    const read = await request(app.url)
      .get(settingsPath(tenantB.rootId))
      .set(auth(adminB))
      .set('X-Read-Position', String(write.headers['x-event-position']))
      .expect(200);
    expect(read.body).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    expect((await pushed).data).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    socket.close();
  });

  it("keeps the tenant's own read models going, the failing one included", async () => {
    const write = await request(app.url).put(settingsPath(rootA)).set(auth(adminA)).send({ module_name: 'Matter', module_name_plural: 'Matters' }).expect(200);
    const position = String(write.headers['x-event-position']);
    expect(Number(position)).toBeGreaterThan(poisonPosition);
    const read = await request(app.url).get(settingsPath(rootA)).set(auth(adminA)).set('X-Read-Position', position).expect(200);
    expect(read.body).toEqual({ module_name: 'Matter', module_name_plural: 'Matters' });

    const created = await request(app.url).post('/api/incidents/field/').set(auth(adminA)).send({ label: 'After the poison', field_type: 'TEXT' }).expect(201);
    const fields = await request(app.url)
      .get('/api/incidents/field/')
      .set(auth(adminA))
      .set('X-Read-Position', String(created.headers['x-event-position']))
      .expect(200);
    expect((fields.body as IncidentFieldDto[]).map((field) => field.label)).toContain('After the poison');
  });

  it("lists the parked event for the tenant's admins only, with a line in their activity log", async () => {
    // Two read models cannot apply it: the field list (no document id) and the field groups (no field data).
    const parked = await eventually(async () => {
      const list = await parkedOf(adminA);
      expect(list).toHaveLength(2);
      return list;
    });
    const common = { position: poisonPosition, stream: expect.stringMatching(/^poison-/), event_type: 'IncidentFieldDeleted', attempts: 1, retry_requested: false };
    expect(parked).toEqual([
      expect.objectContaining({ ...common, id: `incident-field-groups@${poisonPosition}`, projection: 'incident-field-groups', error: expect.stringMatching(/^TypeError: /) }),
      expect.objectContaining({ ...common, id: `incident-fields@${poisonPosition}`, projection: 'incident-fields', error: 'InvalidQueryError: A change needs a document id' }),
    ]);
    expect(await parkedOf(adminB)).toEqual([]);

    const log = await request(app.url).get('/api/activity_log/').query({ search: 'set aside' }).set(auth(adminA)).expect(200);
    const lines = (log.body as ActivityLogPageDto).data.activity_logs;
    expect(lines.map((line) => line.action).sort()).toEqual([
      `The incident-field-groups view could not show IncidentFieldDeleted (position ${poisonPosition}); it was set aside for a retry`,
      `The incident-fields view could not show IncidentFieldDeleted (position ${poisonPosition}); it was set aside for a retry`,
    ]);
    const other = await request(app.url).get('/api/activity_log/').query({ search: 'set aside' }).set(auth(adminB)).expect(200);
    expect((other.body as ActivityLogPageDto).data.activity_logs).toEqual([]);
  });

  it('retries on an admin request, and keeps the event parked while it still fails', async () => {
    const id = `incident-fields@${poisonPosition}`;
    const operator = await login(app, 'operator@demo.test');
    await request(app.url).post(`/api/parked_events/${id}/retry/`).set(auth(operator)).expect(403);
    await request(app.url).post(`/api/parked_events/${id}/retry/`).set(auth(adminB)).expect(404);
    for (const unknown of ['__proto__', 'constructor', 'incident-fields@1']) {
      await request(app.url).post(`/api/parked_events/${unknown}/retry/`).set(auth(adminA)).expect(404);
    }
    const retried = await request(app.url).post(`/api/parked_events/${id}/retry/`).set(auth(adminA)).expect(202);
    expect((retried.body as { data: ParkedEventDto }).data).toMatchObject({ id, retry_requested: true });
    const after = await eventually(async () => {
      const entry = (await parkedOf(adminA)).find((parked) => parked.id === id);
      expect(entry).toMatchObject({ id, attempts: 2, retry_requested: false });
      return entry;
    });
    expect(after?.error).toBe('InvalidQueryError: A change needs a document id');
  });
});
