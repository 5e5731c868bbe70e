import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { IncidentFieldDto } from '@beacon/contracts';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import { allEvents } from './testing/users';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';

let app: TestApp;
let operator: string;
let admin: string;
let otherAdmin: string;
let flood: FloodReportForm;

beforeAll(async () => {
  app = await startTestApp();
  operator = await login(app, 'operator@demo.test');
  admin = await login(app, 'admin@demo.test');
  const other = await createTenantWithRoles(app, INCIDENT_ROOT_PERMISSIONS);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  flood = await createFloodReportForm(app, admin);
});

afterAll(async () => {
  await app?.close();
});

const createField = (token: string, key: string, body: object) =>
  request(app.url).post('/api/incidents/field/').set(auth(token)).set('Idempotency-Key', key).send(body);

const eventCount = async () => (await allEvents(app)).length;

const REUSED_KEY = {
  detail: 'This Idempotency-Key was already used with a different request. Send a new key for a new request.',
};

describe('Idempotency-Key', () => {
  it('answers a retry by the same user with the first result, whatever the order of the body\'s keys', async () => {
    const key = randomUUID();
    const first = await createField(operator, key, { label: 'Retried', field_type: 'TEXT', is_pii: false }).expect(201);
    const before = await eventCount();

    const retry = await createField(operator, key, { is_pii: false, field_type: 'TEXT', label: 'Retried' }).expect(201);

    expect(retry.body).toEqual(first.body);
    expect(await eventCount()).toBe(before);
  });

  it('lets another user of the organisation reuse a key for their own command, never answering them the first user\'s', async () => {
    const key = randomUUID();
    const body = { label: 'Same words', field_type: 'TEXT' };
    const mine = await createField(operator, key, body).expect(201);

    const theirs = await createField(admin, key, body).expect(201);

    expect((theirs.body as IncidentFieldDto).id).not.toBe((mine.body as IncidentFieldDto).id);
    const fields = (await request(app.url).get('/api/incidents/field/').set(auth(admin)).set('X-Read-Position', theirs.headers['x-event-position']!).expect(200))
      .body as IncidentFieldDto[];
    expect(fields.filter((field) => field.label === 'Same words')).toHaveLength(2);
  });

  it('lets a user of another organisation reuse a key for their own command', async () => {
    const key = randomUUID();
    const body = { label: 'Shared key', field_type: 'TEXT' };
    const ours = await createField(operator, key, body).expect(201);

    const theirs = await createField(otherAdmin, key, body).expect(201);

    expect((theirs.body as IncidentFieldDto).id).not.toBe((ours.body as IncidentFieldDto).id);
  });

  it('answers 422 when the same user reuses a key with a different body, and records nothing', async () => {
    const key = randomUUID();
    await createField(operator, key, { label: 'Original', field_type: 'TEXT' }).expect(201);
    const before = await eventCount();

    const reused = await createField(operator, key, { label: 'Changed', field_type: 'TEXT' }).expect(422);

    expect(reused.body).toEqual(REUSED_KEY);
    expect(await eventCount()).toBe(before);
  });

  it('takes a key used on one resource as a new command on another', async () => {
    const key = randomUUID();
    const rename = (id: string) => request(app.url).put(`/api/incidents/field/${id}/`).set(auth(operator)).set('Idempotency-Key', key).send({ label: `Renamed ${id.slice(0, 4)}`, field_type: 'TEXT' });
    const a = (await createField(operator, randomUUID(), { label: 'A', field_type: 'TEXT' }).expect(201)).body as IncidentFieldDto;
    const b = (await createField(operator, randomUUID(), { label: 'B', field_type: 'TEXT' }).expect(201)).body as IncidentFieldDto;

    await rename(a.id).expect(200);
    const second = await rename(b.id).expect(200);

    expect(second.body).toMatchObject({ id: b.id, label: `Renamed ${b.id.slice(0, 4)}` });
  });

  it('answers 422 to a guest reusing a key on the public template page with a different body', async () => {
    const key = randomUUID();
    const start = (location: string) =>
      request(app.url)
        .post(`/api/incidents/public_incident_template/${flood.template.subdomain}/start/`)
        .set('Idempotency-Key', key)
        .send({ payload: [{ field_group: flood.details.id, field: flood.fields.location.id, values: [location] }] });
    const first = await start('Quay 1').expect(201);

    expect((await start('Quay 1').expect(201)).body).toEqual(first.body);
    expect((await start('Quay 2').expect(422)).body).toEqual(REUSED_KEY);
  });
});
