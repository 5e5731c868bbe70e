import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, RunResultDto, SessionResentDto, SessionStartedDto } from '@beacon/contracts';
import { NOT_SENT_YET, ROOT_PERMISSIONS } from '@beacon/domain';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { simulatedFate } from '@beacon/dispatch-worker';
import { MessageSessionWork } from '@beacon/query-api';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { deliveriesOf, type DeliveryDocument } from './testing/message-deliveries';
import { device, EVERYONE } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * Follow-ups within a session, through the planner, the workers and the simulator (which replies to
 * half of the deliveries, chosen by their ids): a resend to those with no reply, the auto-retry and a
 * sequence's next device. Timers are driven by running the work loop's round at a later time.
 */
let app: TestApp;
let tenant: TenantWithRoles;
let other: TenantWithRoles;
let admin: string;
let otherAdmin: string;
let mobile: ContactFieldDto;
let email: ContactFieldDto;
const PEOPLE = 16;
/** The people holding an email address as well as a mobile. */
const withEmail = new Set<string>();

const store = () => app.app.get<ReadStore>(READ_STORE).scope(tenant.rootId);
const outbox = (sessionId: string) => store().collection<{ _id: string; session_id: string; channel: string }>(DISPATCH_OUTBOX_COLLECTION).find({ session_id: sessionId });
const deliveries = (sessionId: string) => deliveriesOf(app, tenant.rootId).find({ session_id: sessionId, superseded: false });

const devices = () => [device(mobile, 'SMS', 1), device(email, 'EMAIL', 2, { label: 'Email' })];

const draft = (name: string, extra: object = {}) => ({
  scenario_name: name,
  is_real: true,
  recipients: EVERYONE,
  devices: devices(),
  email_subject_line: 'Are you safe?',
  message: { sms: 'Are you safe? Reply 1 for yes.', email: 'Are you safe? Reply 1 for yes.', voice: '' },
  ...extra,
});

/** How long and how often the tests wait: up to 30 s, asking every 100 ms. */
const POLL = { timeoutMs: 30_000, intervalMs: 100 };

const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;
const total = ({ progress }: RunResultDto) => Object.values(progress).reduce((sum, count) => sum + count, 0);
const answeredAll = ({ progress, deliveries: planned }: RunResultDto) => planned !== null && progress.delivered + progress.replied + progress.failed === planned;

/** The simulator's rates here: what becomes of a delivery follows from its id (`simulatedFate`). */
const RATES = { failureRate: 0, replyRate: 0.5 };
const repliesTo = (deliveryId: string) => simulatedFate(deliveryId, RATES) === 'replied';

/**
 * Whether every reply the simulator will send for the session has arrived: it reports a delivery and
 * then its reply, so a session may count every delivery answered while a reply is still on its way.
 */
const repliesArrived = async (sessionId: string) => (await deliveries(sessionId)).every((row) => (row.status === 'replied') === repliesTo(row._id));

/** The session once it is in `status` with every delivery answered and every reply in, its counts adding up to its deliveries. */
const settled = (started: SessionStartedDto, status: 'sending' | 'complete', check: (result: RunResultDto) => boolean = () => true) =>
  until(`session ${started.task_id} to be ${status} with every delivery answered`, async () => {
    const result = await runResult(started.task_id);
    return result.status === status && answeredAll(result) && check(result) && (await repliesArrived(started.session_id)) ? result : undefined;
  }, POLL);

const send = async (body: object) => (await request(app.url).post('/api/scenario/send_without_saving/').set(auth(admin)).send(body).expect(202)).body as SessionStartedDto;

/** The people of a session with no reply on any device, and those whose every delivery failed. */
async function byReply(sessionId: string) {
  const people = new Map<string, DeliveryDocument[]>();
  for (const row of await deliveries(sessionId)) people.set(row.recipient_id, [...(people.get(row.recipient_id) ?? []), row]);
  const noReply = [...people.values()].filter((rows) => rows.every((row) => row.status !== 'replied') && !rows.every((row) => row.status === 'failed'));
  return { people, noReply };
}

beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_REPLY_RATE: '0.5' });
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: tenant.rootId });
  email = await createContactField(app, admin, { label: 'Email', field_type: 'EMAIL', customer_group: tenant.rootId });
  for (let n = 0; n < PEOPLE; n++) {
    // Every person has a mobile; every other one an email address too.
    const values = [{ field: mobile.id, values: [`+447911124${String(100 + n)}`] }, ...(n % 2 === 0 ? [{ field: email.id, values: [`f${n}@demo.test`] }] : [])];
    const id = await createContact(app, admin, { email: `follow-${n}-${randomUUID().slice(0, 8)}@demo.test`, first_name: `Person${n}`, last_name: 'Recipient', customer_group: tenant.rootId, custom_fields: values });
    if (n % 2 === 0) withEmail.add(id);
  }
}, 120_000);

afterAll(() => app.close());

describe('resending to those with no reply', () => {
  it('sends a new attempt of each answered device of each person with no reply, in the same session, and the counts add up', async () => {
    const planned = PEOPLE + PEOPLE / 2;
    // A send the simulator leaves someone unanswered in (it answers about half; all of them about once in 2,500 sends).
    let roll: { started: SessionStartedDto; first: RunResultDto; again: DeliveryDocument[] } | undefined;
    for (let tries = 0; !roll?.again.length && tries < 3; tries++) {
      const started = await send(draft(`Roll call ${tries + 1}`));
      const first = await settled(started, 'complete');
      expect(first.deliveries).toBe(planned);
      const { noReply } = await byReply(started.session_id);
      roll = { started, first, again: noReply.flatMap((rows) => rows.filter((row) => row.status !== 'replied')) };
    }
    const { started, first, again } = roll!;
    because('the simulator replies to about half', () => expect(again.length).toBeGreaterThan(0));

    const resent = await request(app.url).patch(`/api/session/${started.task_id}/resend/`).query({ reply: 'No Response' }).set(auth(admin)).expect(202);
    expect(resent.body as SessionResentDto).toEqual({ task_id: started.task_id, session_id: started.session_id, status: 'sending' });

    const sent = await until('the new attempts to go out', async () => {
      const messages = await outbox(started.session_id);
      return messages.length === planned + again.length ? messages : undefined;
    }, POLL);
    const after = await settled(started, 'complete', (result) => result.completed_at !== first.completed_at);
    // The new attempts replace the old ones: the session still counts one delivery per person and device.
    expect(after.deliveries).toBe(planned);
    expect(total(after)).toBe(planned);
    // The replies grow by exactly the new attempts the simulator answers.
    const answered = again.filter((row) => repliesTo(row._id.replace(/\.1$/, '.2'))).length;
    expect(after.progress.replied).toBe(first.progress.replied + answered);
    expect(sent.filter((message) => message._id.endsWith('.2')).map((message) => message._id).sort()).toEqual(again.map((row) => row._id.replace(/\.1$/, '.2')).sort());
  });

  it('answers 400 naming reply for a label it does not know, 404 for another organisation, 409 for a session not sent yet', async () => {
    const started = await send(draft('Roll call two'));
    await settled(started, 'complete');
    const bad = await request(app.url).patch(`/api/session/${started.task_id}/resend/`).query({ reply: 'Everyone' }).set(auth(admin)).expect(400);
    expect(bad.body).toHaveProperty('reply');
    await request(app.url).patch(`/api/session/${started.task_id}/resend/`).set(auth(admin)).expect(400);
    await request(app.url).patch(`/api/session/${started.task_id}/resend/`).query({ reply: 'No Response' }).set(auth(otherAdmin)).expect(404);
    await request(app.url).patch(`/api/session/${randomUUID()}/resend/`).query({ reply: 'No Response' }).set(auth(admin)).expect(404);

    const scenario = (await request(app.url).post('/api/scenario/').set(auth(admin)).send(draft('Later roll call')).expect(201)).body as { id: string };
    const scheduled = (await request(app.url).post('/api/session/').set(auth(admin)).send({ scenario: scenario.id, scheduled_for: new Date(Date.now() + 3_600_000).toISOString() }).expect(201))
      .body as SessionStartedDto;
    const refused = await request(app.url).patch(`/api/session/${scheduled.task_id}/resend/`).query({ reply: 'No Response' }).set(auth(admin)).expect(409);
    expect(JSON.stringify(refused.body)).toContain(NOT_SENT_YET);
  });
});

/** A round of the work loop at a later time: the timers due by then start (as they would after that long). */
const roundAt = (minutesAhead: number) => app.app.get(MessageSessionWork).round(new Date(Date.now() + minutesAhead * 60_000));

describe('the auto-retry', () => {
  it('sends a new attempt to those who have not answered, once, auto_retry_minutes after the plan', async () => {
    const started = await send(draft('Check in', { auto_retry: true, auto_retry_minutes: 1 }));
    const planned = PEOPLE + PEOPLE / 2;
    // Complete once every delivery is answered: the retry, when due, sends it again to those who have not answered.
    const first = await settled(started, 'complete');
    const { noReply } = await byReply(started.session_id);
    const again = noReply.flatMap((rows) => rows.filter((row) => row.status !== 'replied')).length;
    await roundAt(0.5);
    expect(await outbox(started.session_id)).toHaveLength(planned);

    await until('the retry to go out', async () => {
      await roundAt(2);
      return (await outbox(started.session_id)).length === planned + again ? true : undefined;
    }, POLL);
    const after = await settled(started, 'complete', (result) => result.completed_at !== first.completed_at);
    expect(after.deliveries).toBe(planned);
    expect(total(after)).toBe(planned);
    await roundAt(10);
    expect(await outbox(started.session_id)).toHaveLength(planned + again);
  });
});

describe('a sequence', () => {
  it('tries each person’s devices in order, sequence_time apart, and stops at their first answer', async () => {
    const started = await send(draft('Call tree', { scenario_type: 'sequence', sequence_time: 1 }));
    // Step 0: the first device (the mobile's SMS) of everyone; the session waits for the next step.
    const first = await settled(started, 'sending');
    expect(first.deliveries).toBe(PEOPLE);
    const sms = await deliveries(started.session_id);
    const unanswered = sms.filter((row) => row.status !== 'replied').map((row) => row.recipient_id);
    await roundAt(0.5);
    expect(await outbox(started.session_id)).toHaveLength(PEOPLE);

    // Step 1, a minute on: the email of those who have one and did not reply to the text.
    // So the number to email is known (and may be none).
    const expected = unanswered.filter((id) => withEmail.has(id)).length;
    const emailed = await until('the second device to be tried', async () => {
      await roundAt(1.5);
      const sent = (await outbox(started.session_id)).filter((message) => message.channel === 'EMAIL');
      return sent.length === expected ? sent : undefined;
    }, POLL);
    const after = await settled(started, 'complete');
    const emails = (await deliveries(started.session_id)).filter((row) => row.channel === 'EMAIL');
    expect(emails.length).toBe(emailed.length);
    expect(emails.every((row) => unanswered.includes(row.recipient_id))).toBe(true);
    expect(after.deliveries).toBe(PEOPLE + emails.length);
    expect(total(after)).toBe(after.deliveries);
  });
});
