import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, RunResultDto, ScenarioDto, ScenarioListEntryDto, SessionStartedDto } from '@beacon/contracts';
import { NO_RECIPIENTS, ROOT_PERMISSIONS, SCHEDULE_IN_THE_PAST } from '@beacon/domain';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { MessageSessionWork } from '@beacon/query-api';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/** Sending a message now or later, over HTTP, through the planner, the dispatch workers and the simulator. */
let app: TestApp;
let tenant: TenantWithRoles;
let other: TenantWithRoles;
let admin: string;
let sender: string;
let otherAdmin: string;
let mobile: ContactFieldDto;
let email: ContactFieldDto;
let evacuation: ScenarioDto;
const PEOPLE = 25;

/** How often the tests ask again while they wait. */
const POLL = { intervalMs: 100 };

const field = (body: { label: string; field_type: string; customer_group: string }) => createContactField(app, admin, body);

const person = (n: number, values: { field: string; values: string[] }[]) =>
  createContact(app, admin, {
    email: `person-${n}-${randomUUID().slice(0, 8)}@demo.test`,
    first_name: `Person${n}`,
    last_name: 'Recipient',
    customer_group: tenant.rootId,
    custom_fields: values,
  });

const devices = () => [device(mobile, 'SMS', 1), device(email, 'EMAIL', 2, { label: 'Email' })];

const draft = (name: string) => ({
  scenario_name: name,
  is_real: true,
  recipients: EVERYONE,
  devices: devices(),
  email_subject_line: 'Evacuate the building',
  message: { sms: 'Leave the building by the nearest exit now.', email: 'Leave by the nearest exit.', voice: '' },
});

const runResult = async (key: string, taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(key)).expect(200)).body as RunResultDto;
const completed = (key: string, taskId: string) =>
  until(`session ${taskId} to complete`, async () => {
    const result = await runResult(key, taskId).catch(() => undefined);
    return result?.status === 'complete' ? result : undefined;
  }, POLL);

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  sender = await login(app, tenant.emails.SENDER, TENANT_PASSWORD);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  mobile = await field({ label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: tenant.rootId });
  email = await field({ label: 'Email', field_type: 'EMAIL', customer_group: tenant.rootId });
  for (let n = 0; n < PEOPLE; n++) {
    // Every person has a mobile; every other one an email address too.
    const values = [{ field: mobile.id, values: [`+447911123${String(100 + n)}`] }, ...(n % 2 === 0 ? [{ field: email.id, values: [`p${n}@demo.test`] }] : [])];
    await person(n, values);
  }
  evacuation = (await request(app.url).post('/api/scenario/').set(auth(admin)).send(draft('Site evacuation')).expect(201)).body as ScenarioDto;
}, 120_000);

afterAll(() => app.close());

const outbox = () => app.app.get<ReadStore>(READ_STORE).scope(tenant.rootId).collection<{ _id: string; session_id: string; channel: string; address: string; content: string }>(DISPATCH_OUTBOX_COLLECTION);

describe('sending a message', () => {
  it('sends a kept message to every recipient on every device they have, once, and the session completes', async () => {
    const started = await request(app.url).post(`/api/scenario/${evacuation.id}/send_without_saving/`).set(auth(sender)).send({}).expect(202);
    const { task_id, session_id, status } = started.body as SessionStartedDto;
    expect(status).toBe('planning');
    expect(task_id).toBe(session_id);

    const result = await completed(sender, task_id);
    const people = PEOPLE + 4; // the tenant's own users (one per role) have no mobile or email value
    expect(result).toMatchObject({ session_id, scenario: evacuation.id, name: 'Site evacuation', status: 'complete' });
    expect(result.deliveries).toBe(PEOPLE + Math.ceil(PEOPLE / 2));
    expect(result.recipients).toBeGreaterThanOrEqual(PEOPLE);
    expect(result.recipients).toBeLessThanOrEqual(people + 1);
    expect(result.progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: result.deliveries, failed: 0, replied: 0, unknown: 0 });

    const sent = await outbox().find({ session_id });
    expect(sent).toHaveLength(result.deliveries!);
    expect(new Set(sent.map((message) => message._id)).size).toBe(sent.length);
    const sms = sent.filter((message) => message.channel === 'SMS');
    expect(sms).toHaveLength(PEOPLE);
    expect(sms[0]!.content).toBe('Leave the building by the nearest exit now.');
    expect(sent.filter((message) => message.channel === 'EMAIL').map((message) => message.address).sort()).toEqual(
      Array.from({ length: Math.ceil(PEOPLE / 2) }, (_, i) => `p${i * 2}@demo.test`).sort(),
    );
  });

  it('answers a retried send (same Idempotency-Key) with the same session, and sends nothing more', async () => {
    const key = randomUUID();
    const first = (await request(app.url).post(`/api/scenario/${evacuation.id}/send_without_saving/`).set(auth(admin)).set('Idempotency-Key', key).send({}).expect(202)).body as SessionStartedDto;
    const again = (await request(app.url).post(`/api/scenario/${evacuation.id}/send_without_saving/`).set(auth(admin)).set('Idempotency-Key', key).send({}).expect(202)).body as SessionStartedDto;
    expect(again.session_id).toBe(first.session_id);
    const result = await completed(admin, first.task_id);
    expect(await outbox().count({ session_id: first.session_id })).toBe(result.deliveries);
  });

  it('sends a new message without keeping it, with the fields it is sent with', async () => {
    const body = { ...draft('Unsaved drill'), is_real: false, devices: [devices()[0]], message: { sms: 'Drill: no action needed.', email: '', voice: '' } };
    const started = await sendWithoutSaving(app, admin, body);
    const result = await completed(admin, started.task_id);
    expect(result).toMatchObject({ scenario: null, name: 'Unsaved drill', deliveries: PEOPLE });
    const texts = new Set((await outbox().find({ session_id: started.session_id })).map((message) => message.content));
    expect([...texts]).toEqual(['Drill: no action needed.']);
    const templates = (await request(app.url).get('/api/scenario/').query({ page_size: 'all', search: 'Unsaved' }).set(auth(admin)).expect(200)).body as unknown[];
    expect(templates).toEqual([]);
  });

  it('checks the message as a save does: 400 under the tab\'s key, and nothing is sent', async () => {
    const refused = await request(app.url)
      .post('/api/scenario/send_without_saving/')
      .set(auth(admin))
      .send({ ...draft('Nobody'), recipients: { include: [], exclude: [] } })
      .expect(400);
    expect(refused.body).toMatchObject({ recipients: [NO_RECIPIENTS] });
  });

  it('keeps other organisations out: another tenant\'s message and session answer 404', async () => {
    await request(app.url).post(`/api/scenario/${evacuation.id}/send_without_saving/`).set(auth(otherAdmin)).send({}).expect(404);
    const started = (await request(app.url).post(`/api/scenario/${evacuation.id}/send_without_saving/`).set(auth(admin)).send({}).expect(202)).body as SessionStartedDto;
    await request(app.url).get(`/api/scenario/run_result/${started.task_id}/`).set(auth(otherAdmin)).expect(404);
    await completed(admin, started.task_id);
  });

  it('schedules a kept message: a time in the past is refused, a time to come starts it then', async () => {
    const past = await request(app.url).post('/api/session/').set(auth(admin)).send({ scenario: evacuation.id, scheduled_for: '2020-01-01T09:00:00Z' }).expect(400);
    expect(past.body).toMatchObject({ scheduled_for: [SCHEDULE_IN_THE_PAST] });
    await request(app.url).post('/api/session/').set(auth(sender)).send({ scenario: evacuation.id, scheduled_for: new Date(Date.now() + 60_000).toISOString() }).expect(403);

    const soon = new Date(Date.now() + 1_500).toISOString();
    const scheduled = (await request(app.url).post('/api/session/').set(auth(admin)).send({ scenario: evacuation.id, scheduled_for: soon }).expect(201)).body as SessionStartedDto;
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_for: soon });
    const waiting = await until('the scheduled session to be listed', () => runResult(admin, scheduled.task_id).catch(() => undefined), POLL);
    expect(waiting).toMatchObject({ status: 'scheduled', recipients: null });
    const result = await completed(admin, scheduled.task_id);
    expect(Date.parse(result.started_at!)).toBeGreaterThanOrEqual(Date.parse(soon));
    expect(result.progress.delivered).toBe(result.deliveries);
  });

  it('lists a message\'s sessions sent and those still to start with it (include_sessions, include_scheduled)', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await request(app.url).post('/api/session/').set(auth(admin)).send({ scenario: evacuation.id, scheduled_for: later }).expect(201)).body as SessionStartedDto;
    const listed = await until('the scheduled session in the list', async () => {
      const entries = (await request(app.url).get('/api/scenario/').query({ page_size: 'all', search: 'Site evacuation', include_sessions: 'true', include_scheduled: 'true' }).set(auth(admin)).expect(200))
        .body as ScenarioListEntryDto[];
      const entry = entries.find((candidate) => candidate.id === evacuation.id);
      return entry?.scheduled?.some((session) => session.id === scheduled.session_id) ? entry : undefined;
    }, POLL);
    expect(listed.scheduled).toEqual([expect.objectContaining({ id: scheduled.session_id, status: 'scheduled', scheduled_for: later, started_at: null })]);
    expect(listed.sessions!.length).toBeGreaterThanOrEqual(4);
    expect(listed.sessions!.every((session) => session.status === 'complete' && session.deliveries > 0)).toBe(true);
    const started = listed.sessions!.map((session) => session.started_at!);
    expect(started).toEqual([...started].sort().reverse());
  });
});

describe('a message no provider answers', () => {
  let slow: TestApp;

  beforeAll(async () => {
    // The simulator reports an hour after each send: every delivery stays submitted through the test.
    slow = await startTestApp({ SIMULATOR_LATENCY_MS: '3600000', SEED_DEMO_PEOPLE: 'true' });
  }, 60_000);

  afterAll(() => slow.close());

  it('is timed out after the message timeout, delivery by delivery, and then completes: nothing stays pending forever', async () => {
    const key = await login(slow, 'admin@demo.test');
    const templates = (await request(slow.url).get('/api/scenario/').query({ page_size: 'all', search: 'Site evacuation' }).set(auth(key)).expect(200)).body as ScenarioListEntryDto[];
    const started = (await request(slow.url).post(`/api/scenario/${templates[0]!.id}/send_without_saving/`).set(auth(key)).send({}).expect(202)).body as SessionStartedDto;
    let last: RunResultDto | undefined;
    const submitted = await until('every delivery to be submitted', async () => {
      const result = (await request(slow.url).get(`/api/scenario/run_result/${started.task_id}/`).set(auth(key)).expect(200)).body as RunResultDto;
      last = result;
      return result.status === 'sending' && result.deliveries! > 0 && result.progress.sending === result.deliveries ? result : undefined;
    }, POLL).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(last)}`);
    });
    // The demo organisation's message timeout is an hour.
    const work = slow.app.get(MessageSessionWork);
    await work.round(new Date(Date.now() + 50 * 60_000));
    expect(((await request(slow.url).get(`/api/scenario/run_result/${started.task_id}/`).set(auth(key)).expect(200)).body as RunResultDto).status).toBe('sending');

    const later = new Date(Date.now() + 61 * 60_000);
    const result = await until('the session to be timed out and complete', async () => {
      await work.round(later);
      const now = (await request(slow.url).get(`/api/scenario/run_result/${started.task_id}/`).set(auth(key)).expect(200)).body as RunResultDto;
      return now.status === 'complete' ? now : undefined;
    }, POLL);
    expect(result.progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: 0, failed: submitted.deliveries, replied: 0, unknown: 0 });
  });
});

