import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { CommandBus, EventBus } from '@nestjs/cqrs';
import { firstValueFrom, take, toArray } from 'rxjs';
import { ChangeIncidentSettingsCommand } from '@beacon/command-api';
import { ROOT_PERMISSIONS } from '@beacon/domain';
import { appendedOfType, type EventAppended } from '@beacon/platform';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * Every write goes through the CommandBus, and what it appends is published on the EventBus, where
 * sagas (process managers) pick events by type.
 */
let app: TestApp;
let tenant: TenantWithRoles;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
});

afterAll(() => app.close());

describe('the command pipeline on the Nest buses', () => {
  it('publishes the events an HTTP write appends, in order, with their stream and position', async () => {
    const eventBus = app.app.get(EventBus);
    const seen = firstValueFrom(eventBus.pipe(appendedOfType('IncidentFormCreated', 'IncidentFieldCreated'), take(2), toArray()));
    const field = await request(app.url).post('/api/incidents/field/').set(auth(admin)).send({ label: 'Where', field_type: 'TEXT' }).expect(201);
    const form = await request(app.url).post('/api/incidents/form/').set(auth(admin)).send({ name: 'Saga form' }).expect(201);

    const [fieldCreated, formCreated] = (await seen) as EventAppended[];
    expect(fieldCreated!.event.type).toBe('IncidentFieldCreated');
    expect(formCreated!.event.type).toBe('IncidentFormCreated');
    expect(formCreated!.streamName).toBe(`incident_settings-${tenant.rootId}`);
    expect(formCreated!.event.metadata).toMatchObject({ tenantId: tenant.rootId });
    expect(formCreated!.appendPosition).toBe(Number(form.headers['x-event-position']));
    expect(fieldCreated!.appendPosition).toBe(Number(field.headers['x-event-position']));
  });

  it('carries out a command sent on the CommandBus, as the HTTP call would', async () => {
    const principal = {
      userId: 'bus-test',
      email: 'bus@test',
      sessionId: 'bus-test',
      customerGroupId: tenant.rootId,
      rootId: tenant.rootId,
      customerPermission: 'ADMIN' as const,
      tokenId: 'bus-test',
      expiresAt: Date.now() + 60_000,
    };
    const outcome = await app.app
      .get(CommandBus)
      .execute(new ChangeIncidentSettingsCommand(principal, { type: 'CreateIncidentForm', data: { formId: 'b7f4e0a2-4c1d-4d57-9f3e-2b8a1c9d0e11', name: 'Sent on the bus' } }));
    expect(outcome.state.forms.get('b7f4e0a2-4c1d-4d57-9f3e-2b8a1c9d0e11')).toMatchObject({ name: 'Sent on the bus' });
    const forms = await request(app.url).get('/api/incidents/form/').set(auth(admin)).set('x-read-position', String(outcome.position)).expect(200);
    expect((forms.body as { name: string }[]).map((form) => form.name)).toContain('Sent on the bus');
  });
});
