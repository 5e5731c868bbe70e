import { describe, expect, it } from '@jest/globals';
import { WEB_PUSH_DEFAULTS } from './push/web-push.provider';
import { MAX_RETRY_AFTER_MS, MIN_RETRY_AFTER_MS, retryAfterMsOf, throttleDelayMs } from './retry-after';
import { TWILIO_DEFAULTS } from './twilio/twilio-options';
import { WEBHOOK_RETRY_AFTER_DEFAULT_MS, webhookAnswerOutcome } from './webhook/webhook-outcome';

const NOW = Date.parse('2027-03-01T09:00:00Z');

describe('Retry-After', () => {
  it('reads a delay in seconds, never shorter than asked', () => {
    expect(retryAfterMsOf('7', NOW)).toBe(7_000);
    expect(retryAfterMsOf(' 2.0001 ', NOW)).toBe(2_001);
    expect(retryAfterMsOf('0', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time until then (0 once it has passed)', () => {
    expect(retryAfterMsOf('Mon, 01 Mar 2027 09:02:00 GMT', NOW)).toBe(120_000);
    expect(retryAfterMsOf('Mon, 01 Mar 2027 08:00:00 GMT', NOW)).toBe(0);
  });

  it('reads the first of a repeated header, and nothing from an absent or unreadable one', () => {
    expect(retryAfterMsOf(['3', '9'], NOW)).toBe(3_000);
    expect([undefined, null, '', '  ', 'soon', '-5', 12].map((value) => retryAfterMsOf(value, NOW))).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('waits the default when none is named, and always between 1 s and 1 h', () => {
    expect(throttleDelayMs(undefined, 30_000)).toBe(30_000);
    expect(throttleDelayMs(0, 30_000)).toBe(MIN_RETRY_AFTER_MS);
    expect(throttleDelayMs(5_000, 30_000)).toBe(5_000);
    expect(throttleDelayMs(10 * 3_600_000, 30_000)).toBe(MAX_RETRY_AFTER_MS);
  });

  it("keeps each provider's default: Twilio and push services 1 s, Teams and Slack webhooks 30 s", () => {
    expect(throttleDelayMs(retryAfterMsOf(undefined), TWILIO_DEFAULTS.retryAfterMs)).toBe(1_000);
    expect(throttleDelayMs(retryAfterMsOf(undefined), WEB_PUSH_DEFAULTS.retryAfterMs)).toBe(1_000);
    expect(webhookAnswerOutcome('Slack', { status: 429, body: '', retryAfter: null }, NOW)).toMatchObject({ kind: 'throttled', retryAfterMs: WEBHOOK_RETRY_AFTER_DEFAULT_MS });
    expect(WEBHOOK_RETRY_AFTER_DEFAULT_MS).toBe(30_000);
    expect(webhookAnswerOutcome('Teams', { status: 429, body: '', retryAfter: 'later' }, NOW)).toMatchObject({ retryAfterMs: 30_000 });
    expect(webhookAnswerOutcome('Teams', { status: 429, body: '', retryAfter: '0' }, NOW)).toMatchObject({ retryAfterMs: 1_000 });
    expect(webhookAnswerOutcome('Teams', { status: 429, body: '', retryAfter: 'Mon, 01 Mar 2027 12:00:00 GMT' }, NOW)).toMatchObject({ retryAfterMs: MAX_RETRY_AFTER_MS });
  });
});
