import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { channelProviderContract } from '../testing/channel-provider.contract';
import { twilioHarness, TWILIO_TEST_FROM, TWILIO_TEST_TIMEOUT_MS, TWILIO_TEST_TO, type TwilioHarness } from './testing/twilio-harness';
import { TwilioSmsProvider } from './twilio-sms.provider';
import type { TwilioOptions } from './twilio-options';

channelProviderContract('Twilio SMS', () => twilioHarness('SMS'));

describe('Twilio SMS provider', () => {
  let harness: TwilioHarness;
  const optionsOf = (more: Partial<TwilioOptions> = {}): TwilioOptions => ({
    accountSid: harness.fake.accountSid,
    authToken: harness.fake.authToken,
    apiBaseUrl: harness.fake.apiBaseUrl,
    requestTimeoutMs: TWILIO_TEST_TIMEOUT_MS,
    statusCallbackBaseUrl: harness.callbackBaseUrl,
    ...more,
  });

  beforeAll(async () => {
    harness = await twilioHarness('SMS');
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('creates the message with To, From, Body and our delivery id, encoded, as the status callback’s last segment', async () => {
    const message = { ...harness.message('session 7/user 3#1'), text: 'Gas leak in hall B: stay out' };
    const outcome = await harness.provider.send(message);

    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const [create] = harness.fake.createsFor('session 7/user 3#1');
    expect(create?.params).toEqual({
      To: TWILIO_TEST_TO,
      From: TWILIO_TEST_FROM,
      Body: 'Gas leak in hall B: stay out',
      StatusCallback: `${harness.callbackBaseUrl}/session%207%2Fuser%203%231`,
    });
    if (outcome.kind !== 'accepted') return;
    const [answer] = await harness.fake.postStatusCallbacks(outcome.providerMessageId, ['delivered']);
    expect(JSON.parse(answer!.body)).toEqual({
      kind: 'report',
      report: { deliveryId: 'session 7/user 3#1', providerMessageId: outcome.providerMessageId, status: 'delivered', at: expect.any(String) },
    });
  });

  it('sends from the message’s own sender (an alphanumeric name), else the number, else the messaging service', async () => {
    await harness.provider.send({ ...harness.message('sender-own'), from: 'Beacon' });
    expect(harness.fake.createsFor('sender-own')[0]?.params['From']).toBe('Beacon');

    const service = new TwilioSmsProvider(optionsOf({ messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' }));
    expect(await service.send(harness.message('sender-service'))).toEqual({ kind: 'accepted', providerMessageId: expect.any(String) });
    expect(harness.fake.createsFor('sender-service')[0]?.params).toMatchObject({ MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef' });
    expect(harness.fake.createsFor('sender-service')[0]?.params['From']).toBeUndefined();

    const none = new TwilioSmsProvider(optionsOf());
    expect(await none.send(harness.message('sender-none'))).toEqual({ kind: 'refused', permanent: true, reason: expect.stringContaining('No SMS sender') });
    expect(harness.fake.createsFor('sender-none')).toHaveLength(0);
  });

  it('a refused number is refused for good with Twilio’s code and words a sender understands', async () => {
    harness.fake.refuseNextCreate(true);
    expect(await harness.provider.send(harness.message('bad-number'))).toEqual({
      kind: 'refused',
      permanent: true,
      code: '21211',
      reason: 'The number is not a valid phone number (Twilio error 21211)',
    });
    expect(await harness.provider.send({ ...harness.message('not-e164'), address: '07700 900123' })).toEqual(
      expect.objectContaining({ kind: 'refused', permanent: true, code: '21211' }),
    );
  });

  it('503 is refused for now; 429 is throttled for its Retry-After', async () => {
    harness.fake.refuseNextCreate(false);
    expect(await harness.provider.send(harness.message('unavailable'))).toEqual(expect.objectContaining({ kind: 'refused', permanent: false, code: '20503' }));
    harness.fake.throttleNextCreate(3);
    expect(await harness.provider.send(harness.message('throttled'))).toEqual(expect.objectContaining({ kind: 'throttled', retryAfterMs: 3_000 }));
  });

  it('a 500 to a create is unknown, not a refusal: Twilio may have sent it', async () => {
    harness.fake.failNextCreate(500);
    const outcome = await harness.provider.send(harness.message('server-error'));
    expect(outcome).toEqual({ kind: 'unknown', reason: expect.stringContaining('may have sent it') });
  });

  it('wrong credentials are refused for good (20003)', async () => {
    const wrong = new TwilioSmsProvider(optionsOf({ from: TWILIO_TEST_FROM, authToken: 'not-the-token' }));
    expect(await wrong.send(harness.message('wrong-token'))).toEqual(
      expect.objectContaining({ kind: 'refused', permanent: true, code: '20003', reason: expect.stringContaining('credentials') }),
    );
  });

  it('no connection to Twilio is refused for now, as nothing left', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = new TwilioSmsProvider(optionsOf({ from: TWILIO_TEST_FROM, apiBaseUrl: `http://127.0.0.1:${closedPort}` }));
    expect(await unreachable.send(harness.message('no-connection'))).toEqual(expect.objectContaining({ kind: 'refused', permanent: false, code: 'ECONNREFUSED' }));
  });

  it('lookup finds the message whose create timed out, and only that one', async () => {
    const earlier = await harness.provider.send({ ...harness.message('lookup-other'), text: 'Another text to the same number' });
    expect(earlier.kind).toBe('accepted');

    harness.fake.hangNextCreate();
    const message = harness.message('lookup-hung');
    expect(await harness.provider.send(message)).toEqual({ kind: 'unknown', reason: `Twilio did not answer within ${TWILIO_TEST_TIMEOUT_MS} ms; it may have sent it` });
    const hung = harness.fake.createsFor('lookup-hung')[0]!;
    expect(hung.answer).toBe('none');

    expect(await harness.provider.lookup!(message)).toEqual({ kind: 'found', providerMessageId: hung.sid });
    expect(await harness.provider.lookup!(harness.message('lookup-never-sent'))).toEqual({ kind: 'not-found' });
    expect(await harness.provider.lookup!({ ...message, address: '+447700900999' })).toEqual({ kind: 'not-found' });
    // Only messages created within the window count (the hung create is over a timeout old).
    const noWindow = new TwilioSmsProvider(optionsOf({ from: TWILIO_TEST_FROM, lookupWindowMs: 0 }));
    expect(await noWindow.lookup(message)).toEqual({ kind: 'not-found' });
    // The lookup itself sends nothing.
    expect(harness.fake.createsFor('lookup-hung')).toHaveLength(1);
  });
});
