import { describe, expect, it } from '@jest/globals';
import { fieldErrorsOf } from '../testing/refusals';
import { DomainError } from '../shared/domain-errors';
import { QUOTA_CHANNELS, QUOTA_MAX, dailyQuotasOf, quotaDayOf, quotaRefusalText, quotaShortfall, quotaValueProblem, type QuotaShortfall } from './daily-quotas';

const DAY = '2026-03-30';

describe('an organisation’s daily quotas, as asked for', () => {
  it('keeps whole numbers from 0 to the largest, in the channels’ order, and leaves out null (no limit)', () => {
    const quotas = dailyQuotasOf({ SLACK: QUOTA_MAX, EMAIL: null, SMS: 1000, VOICE: 0, TEAMS: 7 });
    expect(quotas).toEqual({ SMS: 1000, VOICE: 0, TEAMS: 7, SLACK: QUOTA_MAX });
    expect(Object.keys(quotas)).toEqual(['SMS', 'VOICE', 'TEAMS', 'SLACK']);
    expect(quotas).not.toHaveProperty('EMAIL');
    expect(QUOTA_MAX).toBe(1_000_000_000);
  });

  it('holds nothing for nothing asked, or only nulls', () => {
    expect(dailyQuotasOf({})).toEqual({});
    expect(dailyQuotasOf({ SMS: null, VOICE: null, EMAIL: null, TEAMS: null, SLACK: null })).toEqual({});
  });

  it.each([
    ['negative', -1],
    ['fractional', 2.5],
    ['a string', '100'],
    ['too large', QUOTA_MAX + 1],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
    ['a boolean', true],
    ['an object', { value: 1 }],
  ])('refuses a quota that is %s, naming its channel', (_, value) => {
    expect(fieldErrorsOf(() => dailyQuotasOf({ SMS: 10, EMAIL: value }))).toEqual({ 'quotas.EMAIL': [quotaValueProblem] });
  });

  it('says what a quota may be', () => {
    expect(quotaValueProblem).toBe('A daily quota is a whole number from 0 to 1,000,000,000 (or null for no limit).');
  });

  it('refuses a channel without quotas (Push among them), naming it, and every bad field at once', () => {
    const fields = fieldErrorsOf(() => dailyQuotasOf({ PUSH: 5, SMS: -3, FAX: 1, VOICE: 4 }));
    expect(fields).toEqual({
      'quotas.PUSH': ['Not a channel with a quota: one of SMS, VOICE, EMAIL, TEAMS, SLACK.'],
      'quotas.SMS': [quotaValueProblem],
      'quotas.FAX': ['Not a channel with a quota: one of SMS, VOICE, EMAIL, TEAMS, SLACK.'],
    });
    // The channel names are case-sensitive: `sms` is not SMS.
    expect(Object.keys(fieldErrorsOf(() => dailyQuotasOf({ sms: 5 })))).toEqual(['quotas.sms']);
  });

  it('refuses with a 400 validation error and its message', () => {
    let error: unknown = null;
    try {
      dailyQuotasOf({ SMS: -1 });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    expect((error as DomainError).message).toBe('The daily quotas are not valid.');
  });

  it('lists the channels with quotas, Push not among them', () => {
    expect([...QUOTA_CHANNELS]).toEqual(['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK']);
  });
});

describe('a send’s shortfall against the daily quotas', () => {
  it('lets a send that fits exactly through', () => {
    expect(quotaShortfall({ SMS: 100 }, { SMS: 60 }, { SMS: 40 }, DAY)).toBeNull();
    expect(quotaShortfall({ SMS: 100 }, {}, { SMS: 100 }, DAY)).toBeNull();
  });

  it('refuses one message over, with the numbers', () => {
    expect(quotaShortfall({ SMS: 100 }, { SMS: 60 }, { SMS: 41 }, DAY)).toEqual({ channel: 'SMS', needed: 41, used: 60, quota: 100, day: DAY });
    expect(quotaShortfall({ EMAIL: 10 }, {}, { EMAIL: 11 }, DAY)).toEqual({ channel: 'EMAIL', needed: 11, used: 0, quota: 10, day: DAY });
  });

  it('ignores channels without a quota, however much they need', () => {
    expect(quotaShortfall({ SMS: 5 }, { VOICE: 1_000 }, { VOICE: 1_000_000, EMAIL: 3, SMS: 5 }, DAY)).toBeNull();
    expect(quotaShortfall({}, { SMS: 10 }, { SMS: QUOTA_MAX }, DAY)).toBeNull();
  });

  it('refuses any need on a channel whose quota is 0, but not a send that needs nothing of it', () => {
    expect(quotaShortfall({ VOICE: 0 }, {}, { VOICE: 1 }, DAY)).toEqual({ channel: 'VOICE', needed: 1, used: 0, quota: 0, day: DAY });
    expect(quotaShortfall({ VOICE: 0 }, {}, { SMS: 3 }, DAY)).toBeNull();
    expect(quotaShortfall({ VOICE: 0 }, {}, { VOICE: 0 }, DAY)).toBeNull();
  });

  it('reports the first channel over, in the channels’ order', () => {
    expect(quotaShortfall({ SLACK: 1, EMAIL: 1, VOICE: 1 }, {}, { SLACK: 2, EMAIL: 2, SMS: 2 }, DAY)).toEqual({ channel: 'EMAIL', needed: 2, used: 0, quota: 1, day: DAY });
    expect(quotaShortfall({ SLACK: 1, EMAIL: 1, VOICE: 1 }, {}, { SLACK: 2, EMAIL: 1, VOICE: 1 }, DAY)).toEqual({ channel: 'SLACK', needed: 2, used: 0, quota: 1, day: DAY });
  });

  it('counts what the day already used, even past a quota lowered since', () => {
    expect(quotaShortfall({ SMS: 50 }, { SMS: 80 }, { SMS: 1 }, DAY)).toEqual({ channel: 'SMS', needed: 1, used: 80, quota: 50, day: DAY });
  });
});

describe('the words of a refusal', () => {
  const shortfall: QuotaShortfall = { channel: 'SMS', needed: 1500, used: 9200, quota: 10000, day: DAY };

  it('tells what the send needs, the quota, what was used and what is left', () => {
    expect(quotaRefusalText(shortfall)).toBe(
      "This send needs 1,500 messages by SMS, and the organisation's daily SMS quota is 10,000 messages: 9,200 used today, 800 left. Nothing was sent.",
    );
  });

  it('names the channel in words, a single message as one, and never less than nothing left', () => {
    const text = quotaRefusalText({ channel: 'TEAMS', needed: 1, used: 12, quota: 10, day: DAY });
    expect(text).toBe("This send needs 1 message by Microsoft Teams, and the organisation's daily Microsoft Teams quota is 10 messages: 12 used today, 0 left. Nothing was sent.");
    expect(quotaRefusalText({ channel: 'VOICE', needed: 3, used: 0, quota: 1, day: DAY })).toContain('daily voice quota is 1 message: 0 used today, 1 left.');
  });
});

describe('the organisation’s day of an instant', () => {
  it('follows the organisation’s time zone around midnight', () => {
    // Half an hour into British Summer Time's first day in London, still the 29th in UTC.
    const at = '2026-03-29T23:30:00.000Z';
    expect(quotaDayOf(new Date(at), 'UTC')).toBe('2026-03-29');
    expect(quotaDayOf(new Date(at), 'Europe/London')).toBe('2026-03-30');
    expect(quotaDayOf(new Date(at), 'Pacific/Auckland')).toBe('2026-03-30');
    expect(quotaDayOf(new Date(at), 'America/Los_Angeles')).toBe('2026-03-29');
  });

  it('is the same day in London and UTC in winter, and takes milliseconds', () => {
    const at = Date.parse('2026-03-28T23:30:00.000Z');
    expect(quotaDayOf(at, 'Europe/London')).toBe('2026-03-28');
    expect(quotaDayOf(at, 'UTC')).toBe('2026-03-28');
    // Auckland is 13 hours ahead: its next day began at 11:00 UTC.
    expect(quotaDayOf(Date.parse('2026-03-28T10:59:59.999Z'), 'Pacific/Auckland')).toBe('2026-03-28');
    expect(quotaDayOf(Date.parse('2026-03-28T11:00:00.000Z'), 'Pacific/Auckland')).toBe('2026-03-29');
  });

  it('turns the year at the organisation’s midnight', () => {
    expect(quotaDayOf(new Date('2026-12-31T23:59:59.999Z'), 'UTC')).toBe('2026-12-31');
    expect(quotaDayOf(new Date('2026-12-31T23:59:59.999Z'), 'Europe/Berlin')).toBe('2027-01-01');
  });
});
