import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_ROOT_ID } from '@beacon/command-api';
import type { RunResultDto, SessionStartedDto } from '@beacon/contracts';
import { FakeTwilioServer, gatherActionOf, type FakeTwilioCreate } from '@beacon/dispatch-worker/testing';
import { deliveryReportsStream } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { deliveriesOf } from './testing/message-deliveries';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { startTwilioTestApp, TWILIO_FROM } from './testing/twilio-test-app';
import { until } from './testing/until';

/**
 * Polling answers over HTTP from start to finish: a message with polling options is sent through the
 * fake Twilio (which signs its requests as Twilio does) and through the simulator; the key a called
 * person presses comes back to the call's Gather action, a digit texted back to the reply webhook, and
 * each is recorded as the option's answer.
 */
const PEOPLE = [
  { name: 'Ann', mobile: '+447911124101' },
  { name: 'Ben', mobile: '+447911124102' },
  { name: 'Cat', mobile: '+447911124103' },
] as const;
const POLLING_OPTIONS = [
  { option_digit: '1', option_text: 'I am safe' },
  { option_digit: '2', option_text: 'I need help' },
];
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

/** Contacts with a mobile number in the demo organisation, and a message with polling options sent to them. */
async function sendPoll(
  app: TestApp,
  admin: string,
  people: readonly { name: string; mobile: string }[],
  devices: readonly ('SMS' | 'VOICE')[],
  { pollingTimeout = 0, fieldLabel = 'Mobile' }: { pollingTimeout?: number; fieldLabel?: string } = {},
): Promise<SessionStartedDto> {
  const mobile = await createContactField(app, admin, { label: fieldLabel, field_type: 'PHONE(SMS&VOICE)', customer_group: DEMO_ROOT_ID });
  for (const person of people) {
    await createContact(app, admin, {
      email: `${person.name.toLowerCase()}@poll.test`,
      first_name: person.name,
      last_name: 'Resident',
      customer_group: DEMO_ROOT_ID,
      custom_fields: [{ field: mobile.id, values: [person.mobile] }],
    });
  }
  return sendWithoutSaving(app, admin, {
    scenario_name: 'Are you safe?',
    is_real: true,
    recipients: EVERYONE,
    devices: devices.map((type, index) => device(mobile, type, index + 1, { fieldLabel: 'Mobile' })),
    message: { sms: 'Gas leak on Mill Road. Are you safe?', voice: 'There is a gas leak on Mill Road. Are you safe?', email: '' },
    polling_options: POLLING_OPTIONS,
    polling_timeout: pollingTimeout,
  });
}

describe('polling answers through Twilio', () => {
  let twilio: FakeTwilioServer;
  let app: TestApp;
  let publicUrl: string;
  let admin: string;
  let session: SessionStartedDto;

  beforeAll(async () => {
    ({ app, twilio, publicUrl } = await startTwilioTestApp({ channels: ['SMS', 'VOICE'], replyTenant: DEMO_ROOT_ID }));
    admin = await login(app, 'admin@demo.test');
    // Texts go out from our number (a sender name cannot be replied to).
    await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ default_sms_sender_name: '' }).expect(200);
    session = await sendPoll(app, admin, PEOPLE, ['SMS', 'VOICE']);
    await until('every text and call to be placed', () => (twilio.creates.length === PEOPLE.length * 2 ? true : undefined));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await twilio?.close();
  });

  const param = (create: FakeTwilioCreate, name: string) => create.params[name] as string;
  const createTo = (kind: 'message' | 'call', to: string) => {
    const create = twilio.creates.find((each) => each.kind === kind && param(each, 'To') === to);
    if (!create?.sid) throw new Error(`no ${kind} to ${to}`);
    return create;
  };
  const delivery = (channel: 'SMS' | 'VOICE', address: string) => deliveriesOf(app, DEMO_ROOT_ID).findOne({ session_id: session.session_id, channel, address });
  const replied = (channel: 'SMS' | 'VOICE', address: string) =>
    until(`the ${channel} reply of ${address}`, async () => {
      const found = await delivery(channel, address);
      return found?.status === 'replied' ? found : undefined;
    });

  it('texts the options as the preview shows them, and asks them on each call inside a Gather acting at the delivery’s address', () => {
    for (const person of PEOPLE) {
      // Between the organisation's opening and closing texts.
      expect(param(createTo('message', person.mobile), 'Body')).toContain('\nGas leak on Mill Road. Are you safe?\n1 - I am safe\n2 - I need help\n');
      const call = createTo('call', person.mobile);
      const action = gatherActionOf(param(call, 'Twiml'));
      expect(param(call, 'Twiml')).toContain(
        `<Gather input="dtmf" numDigits="1" timeout="10" action="${action}" method="POST"><Say>There is a gas leak on Mill Road. Are you safe?\nPress 1 for I am safe.\nPress 2 for I need help.</Say></Gather>`,
      );
      expect(action?.startsWith(`${publicUrl}/api/provider_callback/twilio/gather/${encodeURIComponent(`${session.session_id}.`)}`)).toBe(true);
    }
  });

  it('records the key a called person pressed as the option’s answer, asking again once after a key that is no option', async () => {
    const ann = createTo('call', PEOPLE[0].mobile);
    const wrong = await twilio.postGatherDigits(ann.sid!, '7');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('<Say>Sorry, that is not one of the choices.\nPress 1 for I am safe.\nPress 2 for I need help.</Say></Gather>');
    const again = gatherActionOf(wrong.body)!;
    expect(again).toBe(`${gatherActionOf(param(ann, 'Twiml'))}?again=1`);
    const right = await twilio.postGatherDigits(ann.sid!, '2', again);
    expect([right.status, right.body]).toEqual([200, `${XML}<Response><Say>Thank you. Your answer, I need help, was recorded. Goodbye.</Say><Hangup/></Response>`]);
    expect(await replied('VOICE', PEOPLE[0].mobile)).toMatchObject({ reply: 'I need help', reply_digit: '2' });

    const ben = createTo('call', PEOPLE[1].mobile);
    await twilio.postGatherDigits(ben.sid!, '9');
    const twice = await twilio.postGatherDigits(ben.sid!, '9', `${gatherActionOf(param(ben, 'Twiml'))}?again=1`);
    expect(twice.body).toBe(`${XML}<Response><Say>Sorry, that is not one of the choices. No answer was recorded. Goodbye.</Say><Hangup/></Response>`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await delivery('VOICE', PEOPLE[1].mobile))?.status).not.toBe('replied');
  });

  it('refuses a key press not signed by Twilio (403) and one for a session that does not exist (404), recording nothing', async () => {
    const reports = async () => (await app.app.get<EventStore>(EVENT_STORE).readStream(deliveryReportsStream(session.session_id)).catch(() => [])).length;
    const before = await reports();
    const cat = createTo('call', PEOPLE[2].mobile);
    const forged = await twilio.postGatherDigits(cat.sid!, '1', undefined, { tamper: (form) => (form['Digits'] = '2') });
    const unsigned = await twilio.postGatherDigits(cat.sid!, '1', undefined, { unsigned: true });
    for (const answer of [forged, unsigned]) expect([answer.status, JSON.parse(answer.body)]).toEqual([403, { detail: 'The X-Twilio-Signature is missing or does not match this address and form.' }]);
    const nowhere = await twilio.postGatherDigits(cat.sid!, '1', `${publicUrl}/api/provider_callback/twilio/gather/${encodeURIComponent('00000000-0000-4000-8000-000000000000.someone.device:VOICE.1')}`);
    expect([nowhere.status, JSON.parse(nowhere.body)]).toEqual([404, { detail: 'No message session has this delivery.' }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reports()).toBe(before);
  });

  it('records a digit texted back as the option’s answer, and any other text as written', async () => {
    const replyUrl = `${publicUrl}/api/provider_callback/twilio/reply`;
    await twilio.postIncomingMessage(replyUrl, { from: PEOPLE[0].mobile, to: TWILIO_FROM, body: ' 1. ' });
    await twilio.postIncomingMessage(replyUrl, { from: PEOPLE[1].mobile, to: TWILIO_FROM, body: '1 more minute, packing' });
    expect(await replied('SMS', PEOPLE[0].mobile)).toMatchObject({ reply: 'I am safe', reply_digit: '1' });
    const free = await replied('SMS', PEOPLE[1].mobile);
    expect(free.reply).toBe('1 more minute, packing');
    expect(free.reply_digit).toBeUndefined();
    const result = (await request(app.url).get(`/api/scenario/run_result/${session.task_id}/`).set(auth(admin)).expect(200)).body as RunResultDto;
    expect(result.progress.replied).toBe(3);
  });

  it('records a digit texted after the poll closed (its polling_timeout after the text went out) as written, not as an option', async () => {
    const dan = { name: 'Dan', mobile: '+447911124104' };
    const closing = await sendPoll(app, admin, [dan], ['SMS'], { pollingTimeout: 1, fieldLabel: 'Mobile (Dan)' });
    const sent = await until('the text to Dan to be recorded as sent', async () => (await deliveriesOf(app, DEMO_ROOT_ID).findOne({ session_id: closing.session_id, channel: 'SMS', address: dan.mobile })) ?? undefined);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(sent.queued_at) + 1_500 - Date.now())));
    await twilio.postIncomingMessage(`${publicUrl}/api/provider_callback/twilio/reply`, { from: dan.mobile, to: TWILIO_FROM, body: '1' });
    const late = await until('the late reply of Dan', async () => {
      const found = await deliveriesOf(app, DEMO_ROOT_ID).findOne({ session_id: closing.session_id, channel: 'SMS', address: dan.mobile });
      return found?.status === 'replied' ? found : undefined;
    });
    expect(late.reply).toBe('1');
    expect(late.reply_digit).toBeUndefined();
  });
});

describe('polling answers through the simulator', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Every simulated recipient answers "1".
    app = await startTestApp({ SIMULATOR_REPLY_RATE: '1' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('records a simulated "1" as the first option’s answer on every channel', async () => {
    const admin = await login(app, 'admin@demo.test');
    const people = PEOPLE.slice(0, 2);
    const session = await sendPoll(app, admin, people, ['SMS', 'VOICE']);
    const answered = await until('every delivery to be answered', async () => {
      const found = await deliveriesOf(app, DEMO_ROOT_ID).find({ session_id: session.session_id, status: 'replied' });
      return found.length === people.length * 2 ? found : undefined;
    });
    expect(answered.map(({ channel, reply, reply_digit }) => ({ channel, reply, reply_digit }))).toEqual(
      expect.arrayContaining([
        { channel: 'SMS', reply: 'I am safe', reply_digit: '1' },
        { channel: 'VOICE', reply: 'I am safe', reply_digit: '1' },
      ]),
    );
    expect(answered.every((document) => document.reply === 'I am safe')).toBe(true);
  });
});
