import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_ROOT_ID } from '@beacon/command-api';
import type { RunResultDto, SessionStartedDto } from '@beacon/contracts';
import { LocalWebhookEndpoint, selfSignedCertificate, type FakeTwilioCreate, type FakeTwilioServer } from '@beacon/dispatch-worker/testing';
import { deliveryReportsStream, ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { skipAtRuntime } from '@beacon/testing';
import { startLocalSmtpServer, type LocalSmtpServer } from './testing/account-email';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, type TestApp } from './testing/embedded-test-app';
import { deliveriesOf } from './testing/message-deliveries';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';
import { startTwilioTestApp, TWILIO_FROM } from './testing/twilio-test-app';
import { until } from './testing/until';

/**
 * Sending through real providers against real local servers, over HTTP from start to finish: SMS and
 * voice through Twilio's API (a local fake that signs its callbacks as Twilio does), email through an
 * SMTP server, Teams and Slack through local https endpoints (the builder takes only https webhooks;
 * WEBHOOK_ALLOW_INSECURE_HOSTS lets their certificate be one of the test's own). Twilio's status
 * callbacks and an SMS reply come back through the callback routes into the session's progress.
 */
const certificate = selfSignedCertificate();
const NO_OPENSSL = 'no openssl command to make the local Teams and Slack endpoints\u2019 certificate (webhook addresses must be https)';

const PEOPLE = [
  { name: 'Ann', mobile: '+447911123101', email: 'ann@river.test' },
  { name: 'Ben', mobile: '+447911123102', email: 'ben@river.test' },
  { name: 'Cat', mobile: '+447911123103', email: null },
] as const;
const MESSAGE = {
  sms: 'Flood warning: leave River Lane now.',
  voice: 'This is a flood warning. Leave River Lane now.',
  email: 'The river is rising. Leave River Lane by the north bridge now.',
  subject: 'Flood warning: River Lane',
  teams: 'Flood warning for River Lane: the crews are on their way.',
  slack: 'Flood warning for River Lane: check in when you are out.',
};
const DELIVERIES = PEOPLE.length * 2 + PEOPLE.filter((person) => person.email).length + 2;

let twilio: FakeTwilioServer;
let smtp: LocalSmtpServer;
let teams: LocalWebhookEndpoint;
let slack: LocalWebhookEndpoint;
let app: TestApp;
let publicUrl: string;
let admin: string;
let session: SessionStartedDto;

const deliveries = (tenantId = DEMO_ROOT_ID) => deliveriesOf(app, tenantId);
const runResult = async (key: string, taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(key)).expect(200)).body as RunResultDto;
const reportEvents = async (sessionId: string) => (await app.app.get<EventStore>(EVENT_STORE).readStream(deliveryReportsStream(sessionId)).catch(() => [])).length;

const param = (create: FakeTwilioCreate, name: string) => create.params[name] as string;
const createTo = (kind: 'message' | 'call', to: string) => twilio.creates.filter((create) => create.kind === kind && param(create, 'To') === to);
const sidTo = (kind: 'message' | 'call', to: string) => {
  const [create] = createTo(kind, to);
  if (!create?.sid) throw new Error(`no ${kind} to ${to}`);
  return create.sid;
};

/** A resident with the addresses given, under an email address of its own. */
const person = (key: string, groupId: string, name: string, values: { field: string; values: string[] }[]) =>
  createContact(app, key, {
    email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@residents.test`,
    first_name: name,
    last_name: 'Resident',
    customer_group: groupId,
    custom_fields: values,
  });

beforeAll(async () => {
  if (!certificate) return;
  smtp = await startLocalSmtpServer();
  teams = new LocalWebhookEndpoint({ status: 202, headers: { 'x-ms-workflow-run-id': 'run-1' } }, certificate);
  slack = new LocalWebhookEndpoint({ status: 200, body: 'ok' }, certificate);
  await Promise.all([teams.start(), slack.start()]);
  ({ app, twilio, publicUrl } = await startTwilioTestApp({
    channels: ['SMS', 'VOICE'],
    replyTenant: DEMO_ROOT_ID,
    env: {
      EMAIL_PROVIDER: 'smtp',
      DISPATCH_SMTP_URL: smtp.url,
      DISPATCH_SMTP_FROM: 'River Council Alerts <alerts@river.test>',
      TEAMS_PROVIDER: 'webhook',
      SLACK_PROVIDER: 'webhook',
      WEBHOOK_ALLOW_INSECURE_HOSTS: '127.0.0.1',
    },
  }));
  admin = await login(app, 'admin@demo.test');
  // Texts go out from our number (a sender name cannot be replied to).
  await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ default_sms_sender_name: '' }).expect(200);
  const mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: DEMO_ROOT_ID });
  const email = await createContactField(app, admin, { label: 'Email', field_type: 'EMAIL', customer_group: DEMO_ROOT_ID });
  for (const resident of PEOPLE) {
    await person(admin, DEMO_ROOT_ID, resident.name, [{ field: mobile.id, values: [resident.mobile] }, ...(resident.email ? [{ field: email.id, values: [resident.email] }] : [])]);
  }
  session = await sendWithoutSaving(app, admin, {
    scenario_name: 'River Lane flood',
    is_real: true,
    recipients: EVERYONE,
    devices: [device(mobile, 'SMS', 1), device(mobile, 'VOICE', 2), device(email, 'EMAIL', 3)],
    email_subject_line: MESSAGE.subject,
    message: { sms: MESSAGE.sms, voice: MESSAGE.voice, email: MESSAGE.email },
    use_microsoft_teams: true,
    teams: { webhooks: [teams.url('/workflows/flood')], message: MESSAGE.teams },
    use_slack: true,
    slack: { webhooks: [slack.url('/services/T1/B1/flood')], message: MESSAGE.slack },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([twilio?.close(), smtp?.close(), teams?.close(), slack?.close()]);
});

describe('sending through real providers', () => {
  it('sends each message to its server once, with its text, subject and address', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    // Every provider has answered: the progress has nothing queued or claimed left.
    await until('every delivery to be answered', async () => {
      const { progress } = await runResult(admin, session.task_id);
      return progress.queued === 0 && progress.sending === PEOPLE.length * 2 && progress.delivered === DELIVERIES - PEOPLE.length * 2 ? progress : undefined;
    });

    for (const resident of PEOPLE) {
      const [sms] = createTo('message', resident.mobile);
      expect(createTo('message', resident.mobile)).toHaveLength(1);
      expect(sms).toMatchObject({ answer: 201, params: expect.objectContaining({ From: TWILIO_FROM }) });
      expect(param(sms!, 'Body')).toContain(MESSAGE.sms);
      const [call] = createTo('call', resident.mobile);
      expect(createTo('call', resident.mobile)).toHaveLength(1);
      expect(call).toMatchObject({ answer: 201, params: expect.objectContaining({ From: TWILIO_FROM }) });
      expect(param(call!, 'Twiml')).toContain(MESSAGE.voice);
      // Each asks for its reports at its own delivery's address under PUBLIC_URL.
      for (const create of [sms!, call!]) {
        const callback = param(create, 'StatusCallback');
        expect(callback.startsWith(`${publicUrl}/api/provider_callback/twilio/status/`)).toBe(true);
        expect(decodeURIComponent(callback.split('/').at(-1)!).startsWith(`${session.session_id}.`)).toBe(true);
      }
    }
    expect(twilio.creates).toHaveLength(PEOPLE.length * 2);

    const mails = smtp.received.map(({ to, message }) => ({ to, subject: message.subject, text: message.text?.trim(), from: message.from?.value[0]?.address }));
    expect(mails.sort((a, b) => a.to[0]!.localeCompare(b.to[0]!))).toEqual(
      PEOPLE.filter((resident) => resident.email).map((resident) => ({ to: [resident.email], subject: MESSAGE.subject, text: MESSAGE.email, from: 'alerts@river.test' })),
    );

    expect(teams.posts).toHaveLength(1);
    expect(teams.posts[0]).toMatchObject({ path: '/workflows/flood', deliveryId: expect.stringMatching(new RegExp(`^${session.session_id}\\.`)) });
    expect(teams.posts[0]!.body).toContain(MESSAGE.teams);
    expect(slack.posts).toHaveLength(1);
    expect(slack.posts[0]).toMatchObject({ path: '/services/T1/B1/flood' });
    expect(JSON.parse(slack.posts[0]!.body)).toMatchObject({ text: expect.stringContaining('River Lane flood') });
    expect(slack.posts[0]!.body).toContain(MESSAGE.slack);
  });

  it("records Twilio's signed status callbacks, and the session ends with the right progress", async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const [ann, ben, cat] = PEOPLE;
    const answers = [
      ...(await twilio.postStatusCallbacks(sidTo('message', ann.mobile), ['sent', 'delivered'])),
      ...(await twilio.postStatusCallbacks(sidTo('message', ben.mobile), ['delivered'])),
      ...(await twilio.postStatusCallbacks(sidTo('message', cat.mobile), [{ status: 'undelivered', fields: { ErrorCode: '30003' } }])),
      ...(await Promise.all(PEOPLE.map(async (resident) => (await twilio.postStatusCallbacks(sidTo('call', resident.mobile), ['ringing', 'completed'])).at(-1)!))),
    ];
    expect(answers.map(({ status, body }) => [status, JSON.parse(body)])).toEqual(answers.map(() => [200, { detail: 'Recorded.' }]));

    const result = await until('the session to complete', async () => {
      const found = await runResult(admin, session.task_id);
      return found.status === 'complete' ? found : undefined;
    });
    expect(result).toMatchObject({ deliveries: DELIVERIES, status: 'complete' });
    expect(result.progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: DELIVERIES - 1, failed: 1, replied: 0, unknown: 0 });
    const failed = await deliveries().findOne({ session_id: session.session_id, status: 'failed' });
    expect(failed).toMatchObject({ channel: 'SMS', address: cat.mobile, reason: 'The phone was switched off or out of coverage (Twilio error 30003)' });
  });

  it('refuses a callback with a bad signature (403), recording nothing', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const before = { progress: (await runResult(admin, session.task_id)).progress, reports: await reportEvents(session.session_id) };
    const annSms = sidTo('message', PEOPLE[0].mobile);
    const [tampered] = await twilio.postStatusCallbacks(annSms, ['delivered'], { tamper: (form) => (form['MessageStatus'] = 'undelivered') });
    const [unsigned] = await twilio.postStatusCallbacks(annSms, ['undelivered'], { unsigned: true });
    for (const answer of [tampered!, unsigned!]) {
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'The X-Twilio-Signature is missing or does not match this address and form.' });
    }
    // Signed for another address: the signature covers the address Twilio called.
    const elsewhere = `${publicUrl}/api/provider_callback/twilio/status/${encodeURIComponent(`${session.session_id}.other.device.1`)}`;
    const form = { MessageSid: annSms, MessageStatus: 'undelivered', ErrorCode: '30005' };
    const moved = await request(app.url)
      .post(`/api/provider_callback/twilio/status/${encodeURIComponent(`${session.session_id}.x.y.1`)}`)
      .set('X-Twilio-Signature', twilio.signatureOf(elsewhere, form))
      .type('form')
      .send(form);
    expect(moved.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({ progress: (await runResult(admin, session.task_id)).progress, reports: await reportEvents(session.session_id) }).toEqual(before);
  });

  it('changes nothing when a callback arrives twice, or a late one contradicts a final answer', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const documents = async () => (await deliveries().find({ session_id: session.session_id }, { sort: { _id: 1 } })).map(({ _id, status, reason, updated_at }) => ({ _id, status, reason, updated_at }));
    const before = { progress: (await runResult(admin, session.task_id)).progress, documents: await documents() };
    const reportsBefore = await reportEvents(session.session_id);
    const again = [
      ...(await twilio.postStatusCallbacks(sidTo('message', PEOPLE[1].mobile), ['delivered'])),
      ...(await twilio.postStatusCallbacks(sidTo('message', PEOPLE[2].mobile), ['delivered'])),
      ...(await twilio.postStatusCallbacks(sidTo('call', PEOPLE[0].mobile), ['no-answer'])),
    ];
    expect(again.map(({ status }) => status)).toEqual([200, 200, 200]);
    // Stored (reports are facts), and folded into nothing new.
    await until('the repeated reports to be stored', async () => ((await reportEvents(session.session_id)) > reportsBefore ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect({ progress: (await runResult(admin, session.task_id)).progress, documents: await documents() }).toEqual(before);
  });

  it('answers a signed callback for a delivery no session has with 404, and an unreadable one with 400', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const signedPost = (deliveryId: string, form: Record<string, string>) =>
      request(app.url)
        .post(`/api/provider_callback/twilio/status/${encodeURIComponent(deliveryId)}`)
        .set('X-Twilio-Signature', twilio.signatureOf(`${publicUrl}/api/provider_callback/twilio/status/${encodeURIComponent(deliveryId)}`, form))
        .type('form')
        .send(form);
    const nowhere = await signedPost('00000000-0000-4000-8000-000000000000.someone.device.1', { MessageSid: 'SM1', MessageStatus: 'delivered' });
    expect([nowhere.status, nowhere.body]).toEqual([404, { detail: 'No message session has this delivery.' }]);
    const notADelivery = await signedPost('not-a-delivery', { MessageSid: 'SM1', MessageStatus: 'delivered' });
    expect([notADelivery.status, notADelivery.body]).toEqual([400, { detail: 'The callback address names no delivery.' }]);
    const noStatus = await signedPost(`${session.session_id}.a.b.1`, { AccountSid: twilio.accountSid });
    expect(noStatus.status).toBe(400);
    const untracked = await signedPost(`${session.session_id}.a.b.1`, { MessageSid: 'SM1', MessageStatus: 'receiving' });
    expect([untracked.status, untracked.body]).toEqual([200, { detail: 'Not recorded: Message status "receiving" is not tracked.' }]);
  });

  it('records an SMS reply to our number against the latest text to that person, in the organisation named for replies only', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const replyUrl = `${publicUrl}/api/provider_callback/twilio/reply`;
    const ann = PEOPLE[0];

    // Another organisation texts someone too (through the same number).
    const other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
    const otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
    const otherMobile = await createContactField(app, otherAdmin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: other.rootId });
    await person(otherAdmin, other.rootId, 'Dan', [{ field: otherMobile.id, values: ['+447911123199'] }]);
    const otherSession = await sendWithoutSaving(app, otherAdmin, {
      scenario_name: 'Other organisation',
      is_real: true,
      recipients: EVERYONE,
      devices: [device(otherMobile, 'SMS', 1)],
      message: { sms: 'Elsewhere.', email: '', voice: '' },
    });
    await until('the other organisation\u2019s text', async () => (createTo('message', '+447911123199').length ? true : undefined));
    await until('its delivery to be submitted', async () => ((await runResult(otherAdmin, otherSession.task_id)).progress.sending === 1 ? true : undefined));

    const reportsBefore = await reportEvents(session.session_id);
    const notOurs = [
      await twilio.postIncomingMessage(replyUrl, { from: '+447911123199', to: TWILIO_FROM, body: 'Not for River Lane' }),
      await twilio.postIncomingMessage(replyUrl, { from: ann.mobile, to: '+15005550009', body: 'To another number' }),
      await twilio.postIncomingMessage(replyUrl, { from: '+447911123999', to: TWILIO_FROM, body: 'Nobody texted me' }),
    ];
    const answer = await twilio.postIncomingMessage(replyUrl, { from: ann.mobile, to: TWILIO_FROM, body: 'OK, leaving now\u0007' });
    for (const { status, body } of [...notOurs, answer]) {
      expect(status).toBe(200);
      expect(body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    }

    const replied = await until('the reply to be recorded', async () => {
      const found = await deliveries().findOne({ session_id: session.session_id, channel: 'SMS', address: ann.mobile });
      return found?.status === 'replied' ? found : undefined;
    });
    expect(replied).toMatchObject({ reply: 'OK, leaving now' });
    expect((await runResult(admin, session.task_id)).progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: DELIVERIES - 2, failed: 1, replied: 1, unknown: 0 });
    expect(await reportEvents(session.session_id)).toBe(reportsBefore + 1);
    // Nothing landed in the other organisation's session, whose person's reply went to the shared number.
    expect((await runResult(otherAdmin, otherSession.task_id)).progress).toMatchObject({ sending: 1, replied: 0 });
    expect(await reportEvents(otherSession.session_id)).toBe(0);

    const forged = await twilio.postIncomingMessage(replyUrl, { from: ann.mobile, to: TWILIO_FROM, body: 'forged' }, { tamper: (form) => (form['Body'] = 'changed') });
    expect(forged.status).toBe(403);
    // A status callback has its delivery's address, not this one: refused as JSON, like every refusal.
    const status = { MessageSid: sidTo('message', ann.mobile), MessageStatus: 'delivered' };
    const misplaced = await request(app.url).post('/api/provider_callback/twilio/reply').set('X-Twilio-Signature', twilio.signatureOf(replyUrl, status)).type('form').send(status);
    expect([misplaced.status, misplaced.headers['content-type'], misplaced.body]).toEqual([400, expect.stringMatching(/^application\/json/), { detail: "A status callback belongs at its delivery's address." }]);
  });
});
