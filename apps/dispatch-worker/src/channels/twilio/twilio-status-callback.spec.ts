import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import twilio from 'twilio';
import { twilioHarness, TWILIO_TEST_FROM, TWILIO_TEST_TO, type TwilioHarness } from './testing/twilio-harness';
import { parseTwilioCallback, repliedReport, type TwilioCallback } from './twilio-status-callback';

describe('Twilio status callbacks', () => {
  let harness: TwilioHarness;
  let sid: string;

  beforeAll(async () => {
    harness = await twilioHarness('SMS');
    const outcome = await harness.provider.send(harness.message('callback-1'));
    if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${outcome.kind}`);
    sid = outcome.providerMessageId;
  });

  afterAll(async () => {
    await harness?.close();
  });

  const post = async (...callbacks: Parameters<TwilioHarness['fake']['postStatusCallbacks']>[1]) =>
    (await harness.fake.postStatusCallbacks(sid, callbacks)).map(({ body }) => JSON.parse(body) as TwilioCallback);

  it('the fake signs as Twilio does: the library’s own check computes the same signature', () => {
    const url = `${harness.callbackBaseUrl}/callback-1?attempt=2`;
    const form = { MessageStatus: 'delivered', MessageSid: sid, To: TWILIO_TEST_TO, Body: 'Ääkköset & emoji 👍' };
    const signature = harness.fake.signatureOf(url, form);
    expect(signature).toBe(twilio.getExpectedTwilioSignature(harness.fake.authToken, url, form));
    expect(twilio.validateRequest(harness.fake.authToken, signature, url, form)).toBe(true);
  });

  it('maps message statuses: queued, sending and sent are sent; delivered is delivered', async () => {
    const callbacks = await post('queued', 'sending', 'sent', 'delivered', 'receiving');
    expect(callbacks.map((callback) => (callback.kind === 'report' ? callback.report.status : callback.kind))).toEqual(['sent', 'sent', 'sent', 'delivered', 'ignored']);
    expect(callbacks[0]).toEqual({ kind: 'report', report: { deliveryId: 'callback-1', providerMessageId: sid, status: 'sent', at: expect.any(String) } });
  });

  it.each([
    ['30003', 'The phone was switched off or out of coverage (Twilio error 30003)'],
    ['30005', 'The number is unknown to its carrier (it may no longer exist) (Twilio error 30005)'],
    ['30006', 'The number is a landline or its carrier cannot take texts (Twilio error 30006)'],
    ['30007', 'The carrier filtered the message (as spam or by its rules) (Twilio error 30007)'],
    ['30008', 'The carrier reported an unknown error (Twilio error 30008)'],
    ['21610', 'The recipient has opted out of texts from this sender (they replied STOP) (Twilio error 21610)'],
    ['39999', 'Something new went wrong (Twilio error 39999)'],
  ])('undelivered with ErrorCode %s is failed: %s', async (code, reason) => {
    const [callback] = await post({ status: 'undelivered', fields: { ErrorCode: code, ErrorMessage: 'Something new went wrong' } });
    expect(callback).toEqual({ kind: 'report', report: expect.objectContaining({ deliveryId: 'callback-1', status: 'failed', reason }) });
  });

  it('failed without an ErrorCode still says why', async () => {
    const [callback] = await post({ status: 'failed', fields: { ErrorCode: '' } });
    expect(callback).toEqual({ kind: 'report', report: expect.objectContaining({ status: 'failed', reason: 'Twilio reported the message failed' }) });
  });

  it('a tampered or unsigned callback is refused (403) and records nothing', async () => {
    const received = harness.endpoint.received.length;
    const [tampered] = await harness.fake.postStatusCallbacks(sid, ['undelivered'], { tamper: (form) => (form['MessageStatus'] = 'delivered') });
    expect(tampered?.status).toBe(403);
    expect(JSON.parse(tampered!.body)).toEqual({ kind: 'forbidden', reason: 'The X-Twilio-Signature does not match this address and body' });
    const [unsigned] = await harness.fake.postStatusCallbacks(sid, ['delivered'], { unsigned: true });
    expect(unsigned?.status).toBe(403);
    expect(JSON.parse(unsigned!.body)).toEqual({ kind: 'forbidden', reason: 'The request has no X-Twilio-Signature' });
    expect(harness.endpoint.received.slice(received).map((callback) => callback.kind)).toEqual(['forbidden', 'forbidden']);
  });

  it('a signature for another address is refused: the delivery id in the path is covered', () => {
    const form = { MessageStatus: 'delivered', MessageSid: sid };
    const signature = harness.fake.signatureOf(`${harness.callbackBaseUrl}/callback-1`, form);
    expect(parseTwilioCallback({ url: `${harness.callbackBaseUrl}/callback-2`, headers: { 'X-Twilio-Signature': signature }, body: form }, harness.fake.authToken)).toEqual(
      expect.objectContaining({ kind: 'forbidden' }),
    );
    expect(parseTwilioCallback({ url: `${harness.callbackBaseUrl}/callback-1`, headers: { 'x-twilio-signature': signature }, body: form }, harness.fake.authToken)).toEqual(
      expect.objectContaining({ kind: 'report' }),
    );
  });

  it('a signed request without a status or a delivery id is invalid (400)', () => {
    const read = (url: string, form: Record<string, string>) =>
      parseTwilioCallback({ url, headers: { 'X-Twilio-Signature': harness.fake.signatureOf(url, form) }, body: new URLSearchParams(form).toString() }, harness.fake.authToken);
    expect(read(`${harness.callbackBaseUrl}/callback-1`, { MessageSid: sid })).toEqual(expect.objectContaining({ kind: 'invalid' }));
    expect(read('http://127.0.0.1:1/', { MessageSid: sid, MessageStatus: 'sent' })).toEqual({ kind: 'invalid', reason: 'The callback address names no delivery' });
  });

  it('an incoming SMS is a reply, tied to a delivery by the sending side', async () => {
    const answer = await harness.fake.postIncomingMessage(`${harness.endpoint.baseUrl}/callbacks/twilio-inbound`, { from: TWILIO_TEST_TO, to: TWILIO_TEST_FROM, body: 'YES, on my way' });
    expect(answer.status).toBe(200);
    const callback = JSON.parse(answer.body) as TwilioCallback;
    expect(callback).toEqual({
      kind: 'reply',
      reply: { providerMessageId: expect.stringMatching(/^SM/), from: TWILIO_TEST_TO, to: TWILIO_TEST_FROM, text: 'YES, on my way', at: expect.any(String) },
    });
    if (callback.kind !== 'reply') return;
    expect(repliedReport(callback.reply, { deliveryId: 'callback-1', providerMessageId: sid })).toEqual({
      deliveryId: 'callback-1',
      providerMessageId: sid,
      status: 'replied',
      reply: 'YES, on my way',
      at: callback.reply.at,
    });
  });
});
