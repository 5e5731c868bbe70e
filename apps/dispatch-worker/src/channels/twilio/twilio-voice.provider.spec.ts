import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { channelProviderContract } from '../testing/channel-provider.contract';
import { twilioHarness, TWILIO_TEST_FROM, TWILIO_TEST_TIMEOUT_MS, TWILIO_TEST_TO, type TwilioHarness } from './testing/twilio-harness';
import type { TwilioCallback } from './twilio-status-callback';
import { TwilioVoiceProvider } from './twilio-voice.provider';
import { sayTwiml, TWIML_MAX_LENGTH } from './twiml';

channelProviderContract('Twilio voice', () => twilioHarness('VOICE'));

describe('TwiML of a call', () => {
  it('escapes the text and the attributes for XML, and drops what XML cannot carry', () => {
    expect(sayTwiml(`Smoke in "A&B" <lab> — don't enter\u0007\ttoday`, { voice: 'Polly.Amy', language: 'en-GB', loop: 2 })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Amy" language="en-GB" loop="2">' +
        'Smoke in &quot;A&amp;B&quot; &lt;lab&gt; — don&apos;t enter\ttoday</Say></Response>',
    );
    expect(sayTwiml('</Say><Hangup/>', { voice: '"><Play>x' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="&quot;&gt;&lt;Play&gt;x">&lt;/Say&gt;&lt;Hangup/&gt;</Say></Response>',
    );
    expect(sayTwiml('Hei 👋 \uD800 ok')).toContain('<Say>Hei 👋  ok</Say>');
  });
});

describe('Twilio voice provider', () => {
  let harness: TwilioHarness;

  beforeAll(async () => {
    harness = await twilioHarness('VOICE');
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('places the call with inline TwiML speaking the text, and asks for every progress event at our delivery’s address', async () => {
    const message = { ...harness.message('call-1'), text: 'Evacuate <now> & call 112' };
    const outcome = await harness.provider.send(message);

    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^CA[0-9a-f]{32}$/) });
    expect(harness.fake.createsFor('call-1')[0]?.params).toEqual({
      To: TWILIO_TEST_TO,
      From: TWILIO_TEST_FROM,
      Twiml: '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Amy" language="en-GB">Evacuate &lt;now&gt; &amp; call 112</Say></Response>',
      StatusCallback: `${harness.callbackBaseUrl}/call-1`,
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
  });

  it('reads call progress: ringing and in progress are sent, completed is delivered, the rest failed with why', async () => {
    const outcome = await harness.provider.send(harness.message('call-progress'));
    if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${outcome.kind}`);
    const answers = await harness.fake.postStatusCallbacks(outcome.providerMessageId, [
      'initiated',
      'ringing',
      'in-progress',
      'completed',
      'busy',
      'no-answer',
      'canceled',
      { status: 'failed', fields: { ErrorCode: '21217', ErrorMessage: 'Phone number does not appear to be valid' } },
    ]);
    const reports = answers.map(({ body }) => JSON.parse(body) as TwilioCallback).map((callback) => (callback.kind === 'report' ? callback.report : callback));
    expect(reports.map((report) => ('status' in report ? [report.status, report.reason] : report))).toEqual([
      ['sent', undefined],
      ['sent', undefined],
      ['sent', undefined],
      ['delivered', undefined],
      ['failed', 'The line was busy'],
      ['failed', 'No one answered the call'],
      ['failed', 'The call was cancelled before it was answered'],
      ['failed', 'The call could not be placed: The number does not look like a valid phone number (Twilio error 21217)'],
    ]);
    // The call's own time (Timestamp), to the second.
    expect(reports.every((report) => 'at' in report && /:\d\d\.000Z$/.test(report.at))).toBe(true);
  });

  it('a text too long for one call is refused before any request', async () => {
    const before = harness.fake.creates.length;
    const outcome = await harness.provider.send({ ...harness.message('call-long'), text: 'a'.repeat(TWIML_MAX_LENGTH) });
    expect(outcome).toEqual({ kind: 'refused', permanent: true, reason: expect.stringContaining('too long for one call') });
    expect(harness.fake.creates.length).toBe(before);
  });

  it('the caller id is the message’s own number, never an alphanumeric name', async () => {
    await harness.provider.send({ ...harness.message('call-from-name'), from: 'Beacon' });
    await harness.provider.send({ ...harness.message('call-from-number'), from: '+15005550001' });
    expect(harness.fake.createsFor('call-from-name')[0]?.params['From']).toBe(TWILIO_TEST_FROM);
    expect(harness.fake.createsFor('call-from-number')[0]?.params['From']).toBe('+15005550001');
    const noCallerId = new TwilioVoiceProvider({ accountSid: harness.fake.accountSid, authToken: harness.fake.authToken, apiBaseUrl: harness.fake.apiBaseUrl });
    expect(await noCallerId.send(harness.message('call-no-caller-id'))).toEqual(expect.objectContaining({ kind: 'refused', permanent: true }));
  });

  it('an invalid number is refused for good with Twilio’s words', async () => {
    expect(await harness.provider.send({ ...harness.message('call-bad-number'), address: '112' })).toEqual({
      kind: 'refused',
      permanent: true,
      code: '21217',
      reason: 'The number does not look like a valid phone number (Twilio error 21217)',
    });
  });

  it('lookup finds the call whose create timed out', async () => {
    harness.fake.hangNextCreate();
    const message = harness.message('call-hung');
    expect(await harness.provider.send(message)).toEqual({ kind: 'unknown', reason: `Twilio did not answer within ${TWILIO_TEST_TIMEOUT_MS} ms; it may have sent it` });
    const hung = harness.fake.createsFor('call-hung')[0]!;
    expect(await harness.provider.lookup!(message)).toEqual({ kind: 'found', providerMessageId: hung.sid });
    expect(await harness.provider.lookup!({ ...message, address: '+447700900999' })).toEqual({ kind: 'not-found' });
  });
});

describe('Twilio voice provider, a message with polling options', () => {
  let harness: TwilioHarness;
  const actionBaseUrl = 'https://beacon.example.org/api/provider_callback/twilio/gather';
  const choices = [{ digit: '1', text: 'I am safe' }];

  beforeAll(async () => {
    harness = await twilioHarness('VOICE');
  });

  afterAll(async () => {
    await harness?.close();
  });

  const provider = (choicesOf: () => Promise<readonly { digit: string; text: string }[]>) =>
    new TwilioVoiceProvider({
      accountSid: harness.fake.accountSid,
      authToken: harness.fake.authToken,
      from: TWILIO_TEST_FROM,
      apiBaseUrl: harness.fake.apiBaseUrl,
      statusCallbackBaseUrl: harness.callbackBaseUrl,
      polls: { actionBaseUrl, choicesOf },
    });

  it('asks the options in a Gather whose action is the delivery’s own address', async () => {
    const outcome = await provider(async () => choices).send({ ...harness.message('poll-1'), text: 'Are you safe?\nPress 1 for I am safe.' });
    expect(outcome.kind).toBe('accepted');
    expect(harness.fake.createsFor('poll-1')[0]?.params['Twiml']).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="dtmf" numDigits="1" timeout="10" ' +
        `action="${actionBaseUrl}/poll-1" method="POST"><Say>Are you safe?\nPress 1 for I am safe.</Say></Gather>` +
        '<Say>No answer was recorded. Goodbye.</Say></Response>',
    );
  });

  it('only speaks the text of a message without options', async () => {
    await provider(async () => []).send(harness.message('poll-none'));
    expect(harness.fake.createsFor('poll-none')[0]?.params['Twiml']).not.toContain('<Gather');
  });

  it('refuses for now, placing no call, while the message’s options cannot be read', async () => {
    const outcome = await provider(() => Promise.reject(new Error('event store down'))).send(harness.message('poll-unread'));
    expect(outcome).toEqual({ kind: 'refused', permanent: false, reason: "The message's polling options could not be read" });
    expect(harness.fake.createsFor('poll-unread')).toEqual([]);
  });
});
