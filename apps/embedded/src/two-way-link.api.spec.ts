import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_ROOT_ID } from '@beacon/command-api';
import type { ContactFieldDto, ResponsePageDto, SessionStartedDto, SimulatedMessagePageDto } from '@beacon/contracts';
import type { FakeTwilioCreate, FakeTwilioServer } from '@beacon/dispatch-worker/testing';
import { READ_STORE, RESPONSE_LINKS_COLLECTION, RESPONSE_PAGE_REQUESTS_PER_MINUTE, type ResponseLinkDocument } from '@beacon/platform';
import { ResponseLinkExpiry } from '@beacon/query-api';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { deliveriesOf } from './testing/message-deliveries';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { startTwilioTestApp } from './testing/twilio-test-app';
import { until } from './testing/until';

/**
 * The two-way SMS link over HTTP: a text of a message that carries it ends with its own response
 * address (through the simulator and through the fake Twilio); the page's read shows the message and
 * its answers without signing in; an answer is recorded once as the delivery's reply; a token no text
 * has answers 404 and a closed poll 410.
 */
const PEOPLE = [
  { name: 'Dee', mobile: '+447911125101' },
  { name: 'Eve', mobile: '+447911125102' },
] as const;
const POLLING_OPTIONS = [
  { option_digit: '1', option_text: 'I am safe' },
  { option_digit: '2', option_text: 'I need help' },
];
const LINK = /Respond here: (\S+)\/ui\/r\/([A-Za-z0-9_-]{22})(?:\n|$)/u;

/** Contacts with a mobile number in the demo organisation. */
async function contacts(app: TestApp, admin: string, tag: string): Promise<ContactFieldDto> {
  const mobile = await createContactField(app, admin, { label: `Mobile ${tag}`, field_type: 'PHONE(SMS&VOICE)', customer_group: DEMO_ROOT_ID });
  for (const person of PEOPLE) {
    await createContact(app, admin, {
      email: `${person.name.toLowerCase()}.${tag}@two-way.test`,
      first_name: person.name,
      last_name: 'Resident',
      customer_group: DEMO_ROOT_ID,
      custom_fields: [{ field: mobile.id, values: [person.mobile] }],
    });
  }
  return mobile;
}

/** Sends a message to everyone with a mobile of `mobile`, on its SMS device. */
function send(app: TestApp, admin: string, mobile: ContactFieldDto, fields: Record<string, unknown>): Promise<SessionStartedDto> {
  return sendWithoutSaving(app, admin, {
    scenario_name: 'Two-way',
    is_real: true,
    recipients: EVERYONE,
    devices: [device(mobile, 'SMS', 1)],
    message: { sms: 'Gas leak on Mill Road. Are you safe?', voice: '', email: '' },
    sms_two_way_link: true,
    ...fields,
  });
}

describe('the two-way SMS link through the simulator', () => {
  let app: TestApp;
  let admin: string;
  let mobile: ContactFieldDto;
  const publicUrl = 'https://beacon.two-way.test';

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl });
    admin = await login(app, 'admin@demo.test');
    mobile = await contacts(app, admin, 'sim');
    await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ two_way_sms: true, opening_text: '', closing_text: 'Reply STOP to opt out' }).expect(200);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  /** The texts the simulator sent for the session, once all are out. */
  const texts = (session: SessionStartedDto) =>
    until('every text to be sent', async () => {
      const outbox = (await request(app.url).get(`/api/simulator/outbox/?session=${session.session_id}`).set(auth(admin)).expect(200)).body as SimulatedMessagePageDto;
      return outbox.count === PEOPLE.length ? outbox.results.map((result) => result.text) : undefined;
    });
  const tokenOf = (text: string) => LINK.exec(text)?.[2] ?? '';

  describe('a message with polling options', () => {
    let session: SessionStartedDto;
    let sent: string[];

    beforeAll(async () => {
      session = await send(app, admin, mobile, { polling_options: POLLING_OPTIONS, polling_timeout: 900 });
      sent = await texts(session);
    });

    it('ends each text with its own response address on the public address, before the closing text', () => {
      for (const text of sent) {
        expect(text).toMatch(LINK);
        expect(text).toContain(`\n2 - I need help\nRespond here: ${publicUrl}/ui/r/${tokenOf(text)}\nReply STOP to opt out`);
      }
      expect(new Set(sent.map(tokenOf)).size).toBe(PEOPLE.length);
    });

    it('shows the message and its answers without signing in', async () => {
      const page = await request(app.url).get(`/api/respond/${tokenOf(sent[0]!)}/`).expect(200);
      const body = page.body as ResponsePageDto;
      expect(body).toMatchObject({ message: 'Gas leak on Mill Road. Are you safe?', options: [{ digit: '1', text: 'I am safe' }, { digit: '2', text: 'I need help' }], answer: null, free_answer_max_length: 500 });
      expect(Date.parse(body.closes_at)).toBeGreaterThan(Date.now() + 800_000);
    });

    it('records an answer once, as the delivery’s reply with its digit; a second answer is told it has answered', async () => {
      const token = tokenOf(sent[1]!);
      await request(app.url).post(`/api/respond/${token}/`).send({ digit: '7' }).expect(400);
      await request(app.url).post(`/api/respond/${token}/`).send({ text: 'I am fine' }).expect(400);
      const answered = await request(app.url).post(`/api/respond/${token}/`).send({ digit: '2' });
      expect([answered.status, answered.body]).toEqual([201, { answer: 'I need help', digit: '2' }]);
      const again = await request(app.url).post(`/api/respond/${token}/`).send({ digit: '1' });
      expect([again.status, again.body]).toEqual([409, { detail: 'You have already answered this message.' }]);
      const replied = await until('the reply to be recorded', async () => {
        const found = await deliveriesOf(app, DEMO_ROOT_ID).find({ session_id: session.session_id, status: 'replied' });
        return found.length ? found : undefined;
      });
      expect(replied.map(({ reply, reply_digit }) => ({ reply, reply_digit }))).toEqual([{ reply: 'I need help', reply_digit: '2' }]);
      expect(((await request(app.url).get(`/api/respond/${token}/`).expect(200)).body as ResponsePageDto).answer).toBe('I need help');
    });

    it('answers 404 for a token no text has, of any shape, never 500', async () => {
      for (const token of ['A'.repeat(22), 'short', '%2e%2e', 'A'.repeat(200)]) {
        const read = await request(app.url).get(`/api/respond/${token}/`);
        const answer = await request(app.url).post(`/api/respond/${token}/`).send({ digit: '1' });
        expect([read.status, answer.status]).toEqual([404, 404]);
        expect(read.body).toEqual({ detail: 'This link does not lead to a message. Check that it was copied whole.' });
      }
    });
  });

  it('takes the recipient’s own words when the message has no options, up to 500 characters', async () => {
    const session = await send(app, admin, mobile, { scenario_name: 'Where', polling_options: [] });
    const token = tokenOf((await texts(session))[0]!);
    expect(((await request(app.url).get(`/api/respond/${token}/`).expect(200)).body as ResponsePageDto).options).toEqual([]);
    await request(app.url).post(`/api/respond/${token}/`).send({ text: 'x'.repeat(501) }).expect(400);
    await request(app.url).post(`/api/respond/${token}/`).send({ text: '   ' }).expect(400);
    expect((await request(app.url).post(`/api/respond/${token}/`).send({ text: ' At the library ' }).expect(201)).body).toEqual({ answer: 'At the library', digit: null });
  });

  it('answers 410 once the poll has closed (its polling timeout)', async () => {
    const session = await send(app, admin, mobile, { scenario_name: 'Closing', polling_options: POLLING_OPTIONS, polling_timeout: 1 });
    const token = tokenOf((await texts(session))[0]!);
    await sleep(1_100);
    const read = await request(app.url).get(`/api/respond/${token}/`);
    const answer = await request(app.url).post(`/api/respond/${token}/`).send({ digit: '1' });
    expect([read.status, read.body]).toEqual([410, { detail: 'This message no longer takes answers.' }]);
    expect(answer.status).toBe(410);
  });

  it('forgets a link RESPONSE_LINK_RETENTION_DAYS (90) after it was made: its page then says it leads nowhere', async () => {
    const session = await send(app, admin, mobile, { scenario_name: 'Kept a while', polling_options: POLLING_OPTIONS, polling_timeout: 900 });
    const tokens = (await texts(session)).map(tokenOf);
    const links = app.app.get<ReadStore>(READ_STORE).scope(SYSTEM_TENANT).collection<ResponseLinkDocument>(RESPONSE_LINKS_COLLECTION);
    // A record from before links carried their date: dated at the first round, so it is not removed early.
    await links.updateOne({ _id: tokens[0]! }, { $unset: { registered_at: '' } });
    const expiry = app.app.get(ResponseLinkExpiry);
    const day = 24 * 60 * 60 * 1000;
    expect(await expiry.round(new Date(Date.now() + 89 * day))).toBe(false);
    for (const token of tokens) await request(app.url).get(`/api/respond/${token}/`).expect(200);

    await expiry.round(new Date(Date.now() + 91 * day));
    const kept = await Promise.all(tokens.map(async (token) => (await request(app.url).get(`/api/respond/${token}/`)).status));
    // The undated one was dated 89 days ahead, at the first round: it stays; the others are gone.
    expect(kept).toEqual([200, ...tokens.slice(1).map(() => 404)]);
    expect((await links.findOne({ _id: tokens[0]! }))?.registered_at).toBeDefined();
  });

  it('puts no link on a text when the group does not allow two-way SMS, and on every text when it forces it', async () => {
    await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ two_way_sms: false }).expect(200);
    const off = await texts(await send(app, admin, mobile, { scenario_name: 'Off' }));
    expect(off.some((text) => text.includes('Respond here'))).toBe(false);
    await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ force_two_way_sms: true }).expect(200);
    const forced = await texts(await send(app, admin, mobile, { scenario_name: 'Forced', sms_two_way_link: false }));
    expect(forced.every((text) => LINK.test(text))).toBe(true);
    await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ two_way_sms: true }).expect(200);
  });
});

describe('the two-way SMS link through Twilio', () => {
  let twilio: FakeTwilioServer;
  let app: TestApp;

  beforeAll(async () => {
    ({ app, twilio } = await startTwilioTestApp({ channels: ['SMS'], publicUrl: 'https://beacon.twilio-two-way.test' }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await twilio?.close();
  });

  it('sends each text with its own link, and the page records the answer as the text’s reply', async () => {
    const admin = await login(app, 'admin@demo.test');
    const mobile = await contacts(app, admin, 'twilio');
    await request(app.url).put(`/api/customer_group_settings/${DEMO_ROOT_ID}/`).set(auth(admin)).send({ force_two_way_sms: true }).expect(200);
    const session = await send(app, admin, mobile, { polling_options: POLLING_OPTIONS });
    const creates = await until('every text to reach Twilio', () => (twilio.creates.length === PEOPLE.length ? twilio.creates : undefined));
    const bodies = creates.map((create: FakeTwilioCreate) => create.params['Body'] as string);
    for (const body of bodies) expect(body).toMatch(/\n2 - I need help\nRespond here: https:\/\/beacon\.twilio-two-way\.test\/ui\/r\/[A-Za-z0-9_-]{22}\nReply STOP to opt out\.$/u);
    expect(new Set(bodies.map((body) => LINK.exec(body)?.[2])).size).toBe(PEOPLE.length);
    const token = LINK.exec(bodies[0]!)![2]!;
    await request(app.url).post(`/api/respond/${token}/`).send({ digit: '1' }).expect(201);
    const replied = await until('the reply to be recorded', async () => {
      const found = await deliveriesOf(app, DEMO_ROOT_ID).findOne({ session_id: session.session_id, status: 'replied' });
      return found ?? undefined;
    });
    expect(replied).toMatchObject({ channel: 'SMS', reply: 'I am safe', reply_digit: '1' });
  });
});

describe('the response page’s limit per client address', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 with Retry-After past RESPONSE_PAGE_REQUESTS_PER_MINUTE reads and answers together', async () => {
    const token = 'B'.repeat(22);
    for (let count = 0; count < RESPONSE_PAGE_REQUESTS_PER_MINUTE; count++) {
      const response = count % 2 ? await request(app.url).get(`/api/respond/${token}/`) : await request(app.url).post(`/api/respond/${token}/`).send({ digit: '1' });
      expect(response.status).toBe(404);
    }
    const refused = await request(app.url).get(`/api/respond/${token}/`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.body as { detail: string }).detail).toMatch(/^Too many requests were made from your address\. Wait \d+ seconds? and try again\.$/u);
  });
});
