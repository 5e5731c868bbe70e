import type { QuotaUsageDto } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { channelUsageText, isUsedUp, limitedChannels, quotaNoteOf, quotaResetText, sendNeeds, type LimitedChannel } from './quota-usage';
import { NO_QUOTAS } from './testing/fake-sending-server';

/** The day's usage with these channels limited: quota and used. */
function usageWith(limits: Partial<Record<string, [quota: number, used: number]>>): QuotaUsageDto {
  return {
    ...NO_QUOTAS,
    channels: NO_QUOTAS.channels.map((entry) => {
      const limit = limits[entry.channel];
      return limit ? { ...entry, quota: limit[0], used: limit[1] } : entry;
    }),
  };
}

const sms = (quota: number, used: number): LimitedChannel => ({ channel: 'SMS', label: 'SMS', quota, used });
const noWebhooks = { use_microsoft_teams: false, use_slack: false, teams: { webhooks: [], message: '' }, slack: { webhooks: [], message: '' } };

describe('limitedChannels', () => {
  it('gives the channels with a quota, in the answer’s order, and none when the usage is not known', () => {
    expect(limitedChannels(usageWith({ EMAIL: [100, 4], SMS: [5, 3] })).map((channel) => channel.channel)).toEqual(['SMS', 'EMAIL']);
    expect(limitedChannels(NO_QUOTAS)).toEqual([]);
    expect(limitedChannels(null)).toEqual([]);
  });
});

describe('channelUsageText', () => {
  it.each<[LimitedChannel, string, boolean]>([
    [sms(5, 3), 'SMS: 3 of 5 used today (2 left)', false],
    [sms(5, 5), 'SMS: 5 of 5 used today (none left)', true],
    [sms(5, 7), 'SMS: 7 of 5 used today (none left)', true],
    [sms(0, 0), 'SMS: none allowed (the daily quota is 0)', true],
    [{ channel: 'VOICE', label: 'voice', quota: 2000, used: 250 }, 'Voice: 250 of 2,000 used today (1,750 left)', false],
    [{ channel: 'TEAMS', label: 'Microsoft Teams', quota: 10, used: 0 }, 'Microsoft Teams: 0 of 10 used today (10 left)', false],
  ])('tells %j as “%s” (used up: %s)', (channel, text, usedUp) => {
    expect(channelUsageText(channel)).toBe(text);
    expect(isUsedUp(channel)).toBe(usedUp);
  });
});

describe('quotaResetText', () => {
  it('says when the quotas start again in the organisation’s time zone, and in the viewer’s when that is another', () => {
    expect(quotaResetText(NO_QUOTAS, 'Europe/London')).toBe('Quotas start again at 00:00 (Europe/London).');
    expect(quotaResetText(NO_QUOTAS, 'Europe/Oslo')).toBe('Quotas start again at 00:00 (Europe/London), 01:00 in your time zone (Europe/Oslo).');
    expect(quotaResetText({ resets_at: '2026-07-01T23:00:00.000Z', time_zone: 'Europe/London' }, 'America/New_York')).toBe(
      'Quotas start again at 00:00 (Europe/London), 19:00 in your time zone (America/New_York).',
    );
  });

  it('says midnight when the answer’s instant cannot be read', () => {
    expect(quotaResetText({ resets_at: 'soon', time_zone: 'Europe/London' }, 'Europe/Oslo')).toBe('Quotas start again at midnight (Europe/London).');
  });
});

describe('sendNeeds', () => {
  it('counts the devices per channel and one message per Teams or Slack webhook in use', () => {
    const channels = { SMS: 12, VOICE: 0, EMAIL: 9 };
    expect(sendNeeds(channels, noWebhooks)).toEqual({ SMS: 12, VOICE: 0, EMAIL: 9, TEAMS: 0, SLACK: 0 });
    expect(
      sendNeeds(channels, {
        use_microsoft_teams: true,
        teams: { webhooks: ['https://example.webhook.office.com/1', 'https://example.webhook.office.com/2'], message: 'Fire' },
        use_slack: false,
        slack: { webhooks: ['https://hooks.slack.com/services/1'], message: 'Fire' },
      }),
    ).toEqual({ SMS: 12, VOICE: 0, EMAIL: 9, TEAMS: 2, SLACK: 0 });
  });
});

describe('quotaNoteOf', () => {
  it('warns with the numbers when the send needs more than a channel has left', () => {
    expect(quotaNoteOf(usageWith({ SMS: [5, 3] }), { SMS: 3, EMAIL: 500 })).toBe(
      "It needs 3 messages by SMS, and the organisation's daily SMS quota is 5 messages: 3 used today, 2 left. It would be refused.",
    );
    expect(quotaNoteOf(usageWith({ TEAMS: [1, 1] }), { SMS: 3, TEAMS: 1 })).toBe(
      "It needs 1 message by Microsoft Teams, and the organisation's daily Microsoft Teams quota is 1 message: 1 used today, 0 left. It would be refused.",
    );
  });

  it('says nothing when the send fits what is left, or goes only on unlimited channels', () => {
    expect(quotaNoteOf(usageWith({ SMS: [5, 3] }), { SMS: 2 })).toBeNull();
    expect(quotaNoteOf(usageWith({ SMS: [5, 5] }), { SMS: 0, EMAIL: 10_000 })).toBeNull();
    expect(quotaNoteOf(NO_QUOTAS, { SMS: 10_000, VOICE: 10_000 })).toBeNull();
  });
});
