import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeTwilioServer, gatherActionOf } from './testing/fake-twilio-server';
import { answeredTwiml, askAgainTwiml, gatherActionUrlOf, gatherCallbackBaseOf, gatherTwiml, notAnsweredTwiml } from './gather-twiml';
import { parseGatherCallback } from './twilio-gather-callback';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const CHOICES = [
  { digit: '1', text: 'I am safe' },
  { digit: '2', text: 'I need help' },
];

describe('TwiML of a call that asks a poll', () => {
  const base = gatherCallbackBaseOf('https://beacon.example.org/');
  const action = gatherActionUrlOf(base, 's.u.f:VOICE.1');

  it('acts at the delivery’s own address on the Gather route', () => {
    expect(action).toBe('https://beacon.example.org/api/provider_callback/twilio/gather/s.u.f%3AVOICE.1');
    expect(gatherActionUrlOf(base, 's.u.f:VOICE.1', true)).toBe(`${action}?again=1`);
  });

  it('speaks the message and its options inside a Gather of one key, then says goodbye when no key comes', () => {
    expect(gatherTwiml('Fire at <B&C>.\nPress 1 for I am safe.', action, { voice: 'Polly.Amy', language: 'en-GB', loop: 2 })).toBe(
      `${HEAD}<Response><Gather input="dtmf" numDigits="1" timeout="10" action="${action}" method="POST">` +
        '<Say voice="Polly.Amy" language="en-GB" loop="2">Fire at &lt;B&amp;C&gt;.\nPress 1 for I am safe.</Say></Gather>' +
        '<Say voice="Polly.Amy" language="en-GB">No answer was recorded. Goodbye.</Say></Response>',
    );
    expect(gatherActionOf(gatherTwiml('x', `${action}?again=1&x="y"`))).toBe(`${action}?again=1&x="y"`);
  });

  it('thanks for a choice, asks once more after a key that is none, then ends', () => {
    expect(answeredTwiml(CHOICES[0]!)).toBe(`${HEAD}<Response><Say>Thank you. Your answer, I am safe, was recorded. Goodbye.</Say><Hangup/></Response>`);
    expect(askAgainTwiml(CHOICES, `${action}?again=1`)).toBe(
      `${HEAD}<Response><Gather input="dtmf" numDigits="1" timeout="10" action="${action}?again=1" method="POST">` +
        '<Say>Sorry, that is not one of the choices.\nPress 1 for I am safe.\nPress 2 for I need help.</Say></Gather><Say>No answer was recorded. Goodbye.</Say></Response>',
    );
    expect(notAnsweredTwiml()).toBe(`${HEAD}<Response><Say>Sorry, that is not one of the choices. No answer was recorded. Goodbye.</Say><Hangup/></Response>`);
  });
});

describe('Gather action requests', () => {
  let first: FakeTwilioServer;
  let failover: FakeTwilioServer;
  const url = 'https://beacon.example.org/api/provider_callback/twilio/gather/s.u.f%3AVOICE.1';
  const form = { CallSid: 'CA0123', Digits: '2', CallStatus: 'in-progress', AccountSid: 'AC1' };
  const at = new Date('2030-01-02T03:04:05.000Z');

  beforeAll(async () => {
    [first, failover] = await Promise.all([FakeTwilioServer.start(), FakeTwilioServer.start()]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), failover?.close()]);
  });

  const tokens = () => ({ first: first.authToken, failover: failover.authToken });
  const signed = (by: FakeTwilioServer, address: string, body: Record<string, string>) => ({ url: address, headers: { 'X-Twilio-Signature': by.signatureOf(address, body) }, body });

  it('reads the key pressed on the call of the delivery its address names', () => {
    expect(parseGatherCallback(signed(first, url, form), tokens(), at)).toEqual({ kind: 'keyed', deliveryId: 's.u.f:VOICE.1', callSid: 'CA0123', digits: '2', again: false, at: at.toISOString() });
    expect(parseGatherCallback(signed(first, `${url}?again=1`, form), tokens(), at)).toMatchObject({ kind: 'keyed', again: true });
  });

  it('names a call of the failover account by its marked id', () => {
    expect(parseGatherCallback(signed(failover, url, form), tokens(), at)).toMatchObject({ kind: 'keyed', callSid: 'failover:CA0123' });
  });

  it('refuses a request unsigned, tampered with, or signed for another address; and reads none without a key', () => {
    expect(parseGatherCallback({ url, headers: {}, body: form }, tokens())).toEqual({ kind: 'forbidden' });
    expect(parseGatherCallback({ ...signed(first, url, form), body: { ...form, Digits: '1' } }, tokens())).toEqual({ kind: 'forbidden' });
    expect(parseGatherCallback({ ...signed(first, url, form), url: url.replace('VOICE.1', 'VOICE.2') }, tokens())).toEqual({ kind: 'forbidden' });
    expect(parseGatherCallback(signed(first, url, { CallSid: 'CA0123' }), tokens())).toEqual({ kind: 'invalid', reason: 'The Gather request has no Digits' });
  });
});
