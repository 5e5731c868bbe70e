import { describe, expect, it } from '@jest/globals';
import { callbackSignature, isSignedCallback } from './provider-callback-signature';

const SECRET = 's'.repeat(32);
const NOW = new Date('2026-03-01T10:00:00.000Z');
const at = (secondsFromNow: number) => String(Math.floor(NOW.getTime() / 1000) + secondsFromNow);
const body = '{"event":"bounced","recipient":"ann@example.test"}';

describe('provider callback signature', () => {
  it('accepts the HMAC of "<timestamp>.<body>" within five minutes either way', () => {
    for (const offset of [0, -300, 300]) {
      const timestamp = at(offset);
      expect(isSignedCallback(SECRET, { timestamp, signature: callbackSignature(SECRET, timestamp, body), body }, NOW)).toBe(true);
    }
  });

  it('refuses another key, another body, another timestamp, an old or future timestamp, and anything malformed', () => {
    const timestamp = at(0);
    const signature = callbackSignature(SECRET, timestamp, body);
    const refused = [
      { timestamp, signature: callbackSignature('t'.repeat(32), timestamp, body), body },
      { timestamp, signature, body: body.replace('bounced', 'complained') },
      { timestamp: at(1), signature, body },
      { timestamp: at(-301), signature: callbackSignature(SECRET, at(-301), body), body },
      { timestamp: at(301), signature: callbackSignature(SECRET, at(301), body), body },
      { timestamp, signature: signature.slice(2), body },
      { timestamp, signature: `${signature}00`, body },
      { timestamp, signature: 'z'.repeat(64), body },
      { timestamp: `${timestamp}.5`, signature, body },
      { timestamp: undefined, signature, body },
      { timestamp, signature: [signature], body },
      { timestamp, signature, body: undefined },
    ];
    for (const callback of refused) expect(isSignedCallback(SECRET, callback, NOW)).toBe(false);
  });
});
