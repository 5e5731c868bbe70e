import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import type { IncidentDto } from '@beacon/contracts';
import { ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * One command pipeline: a command reads its stream once (to decide), appends with the expected
 * revision, and answers from the state its events make; it never reads the stream again to answer.
 * The event store is counted as the app uses it.
 */
let app: TestApp;
let tenant: TenantWithRoles;
let admin: string;
let flood: FloodReportForm;
let reads: jest.SpiedFunction<EventStore['readStream']>;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  flood = await createFloodReportForm(app, admin);
  reads = jest.spyOn(app.app.get<EventStore>(EVENT_STORE), 'readStream');
});

afterAll(() => app.close());

const readsOf = (streamName: string) => reads.mock.calls.filter(([name]) => name === streamName).length;
const location = (place: string) => [{ field_group: flood.details.id, field: flood.fields.location.id, values: [place] }];

describe('one read of the stream per command', () => {
  it('starting, saving and patching an incident each read its stream once', async () => {
    reads.mockClear();
    const started = await request(app.url).post(`/api/incidents/incident/start/${flood.form.id}/`).set(auth(admin)).send({ payload: location('Riverside') }).expect(201);
    const incident = started.body as IncidentDto;
    const stream = `incident-${incident.id}`;
    expect(readsOf(stream)).toBe(1);

    reads.mockClear();
    const saved = await request(app.url)
      .put(`/api/incidents/incident/${incident.id}/`)
      .set(auth(admin))
      .send({ version: 1, incident_title: 'Flooded underpass', payload: location('Underpass') })
      .expect(200);
    expect(saved.body).toMatchObject({ version: 2, incident_title: 'Flooded underpass' });
    expect(readsOf(stream)).toBe(1);

    reads.mockClear();
    const patched = await request(app.url).patch(`/api/incidents/incident/${incident.id}/`).set(auth(admin)).send({ version: 2, state: 'monitoring' }).expect(200);
    expect(patched.body).toMatchObject({ version: 3, state: 'monitoring', incident_title: 'Flooded underpass' });
    expect(readsOf(stream)).toBe(1);
  });

  it('an incident out of reach is refused on that one read, and nothing is appended', async () => {
    const other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
    const stranger = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
    const started = await request(app.url).post(`/api/incidents/incident/start/${flood.form.id}/`).set(auth(admin)).send({ payload: location('Quay') }).expect(201);
    const incident = started.body as IncidentDto;
    reads.mockClear();
    await request(app.url).patch(`/api/incidents/incident/${incident.id}/`).set(auth(stranger)).send({ version: 1, state: 'monitoring' }).expect(404);
    expect(readsOf(`incident-${incident.id}`)).toBe(1);
    const events = await app.app.get<EventStore>(EVENT_STORE).readStream(`incident-${incident.id}`);
    expect(events).toHaveLength(1);
  });

  it("an admin's command on a user (a reach check, then the command) reads the user's stream once", async () => {
    reads.mockClear();
    await request(app.url).delete(`/api/user/${tenant.userIds.OPERATOR}/delete_failed_login_attempts/`).set(auth(admin)).expect(204);
    expect(readsOf(`user-${tenant.userIds.OPERATOR}`)).toBe(1);
  });

  it('signing in (the user looked up by email, then the sign-in recorded) reads the user stream once', async () => {
    reads.mockClear();
    await login(app, tenant.emails.OPERATOR, TENANT_PASSWORD);
    expect(readsOf(`user-${tenant.userIds.OPERATOR}`)).toBe(1);
  });

  it('a change to the incident settings reads the settings stream once', async () => {
    reads.mockClear();
    await request(app.url).post('/api/incidents/field/').set(auth(admin)).send({ label: 'Counted', field_type: 'TEXT' }).expect(201);
    expect(readsOf(`incident_settings-${tenant.rootId}`)).toBe(1);
  });
});
