import type { QuotaUsageDto, RecipientsCountAnswerDto, ScenarioDto } from '@beacon/contracts';
import { displayInstant, quotaShortfall, quotaWarningText, type ChannelCounts, type DailyQuotas } from '@beacon/domain';

/** One channel of the organisation's day: messages used today and its quota (null: no limit). */
export type ChannelUsage = QuotaUsageDto['channels'][number];
/** A channel with a daily quota. */
export type LimitedChannel = ChannelUsage & { quota: number };

/** The channels with a quota, in the answer's order; none when the usage is not known. */
export const limitedChannels = (usage: QuotaUsageDto | null): LimitedChannel[] =>
  (usage?.channels ?? []).filter((channel): channel is LimitedChannel => channel.quota !== null);

/** Messages the channel may still send today (none once used up, even when a quota was lowered below the day's use). */
export const leftOf = ({ used, quota }: LimitedChannel): number => Math.max(0, quota - used);

/** Nothing is left today on the channel: a send on it would be refused. */
export const isUsedUp = (channel: LimitedChannel): boolean => leftOf(channel) === 0;

const count = (value: number) => value.toLocaleString('en-GB');
const capitalised = (label: string) => `${label.charAt(0).toUpperCase()}${label.slice(1)}`;

/** A channel's line: "SMS: 3 of 5 used today (2 left)", "SMS: 5 of 5 used today (none left)". */
export function channelUsageText(channel: LimitedChannel): string {
  const name = capitalised(channel.label);
  if (channel.quota === 0) return `${name}: none allowed (the daily quota is 0)`;
  const left = leftOf(channel);
  return `${name}: ${count(channel.used)} of ${count(channel.quota)} used today (${left === 0 ? 'none' : count(left)} left)`;
}

/** HH:mm of an instant in a time zone. */
const timeIn = (instant: Date, timeZone: string) => displayInstant(instant, timeZone).slice(-5);

/**
 * When the quotas start again: the organisation's midnight, in its time zone, and in the viewer's
 * when that is another (the console shows times in the viewer's time zone).
 */
export function quotaResetText({ resets_at, time_zone }: Pick<QuotaUsageDto, 'resets_at' | 'time_zone'>, viewerTimeZone: string): string {
  const instant = new Date(resets_at);
  if (Number.isNaN(instant.getTime())) return `Quotas start again at midnight (${time_zone}).`;
  const there = `Quotas start again at ${timeIn(instant, time_zone)} (${time_zone})`;
  return viewerTimeZone === time_zone ? `${there}.` : `${there}, ${timeIn(instant, viewerTimeZone)} in your time zone (${viewerTimeZone}).`;
}

/**
 * What a send of the message needs on each channel a quota limits, as the planner counts it: the
 * count's devices per channel (people with a value for each device's field), and one message per
 * Teams or Slack webhook when the message uses them.
 */
export function sendNeeds(
  channels: RecipientsCountAnswerDto['channels'],
  draft: Pick<ScenarioDto, 'use_microsoft_teams' | 'use_slack' | 'teams' | 'slack'>,
): ChannelCounts {
  return {
    SMS: channels.SMS,
    VOICE: channels.VOICE,
    EMAIL: channels.EMAIL,
    TEAMS: draft.use_microsoft_teams ? draft.teams.webhooks.length : 0,
    SLACK: draft.use_slack ? draft.slack.webhooks.length : 0,
  };
}

/** The confirmation's warning when the send would take a channel past its quota (it would be refused); null when it fits. */
export function quotaNoteOf(usage: QuotaUsageDto, needs: ChannelCounts): string | null {
  const quotas: DailyQuotas = Object.fromEntries(limitedChannels(usage).map((channel) => [channel.channel, channel.quota]));
  const used: ChannelCounts = Object.fromEntries(usage.channels.map((channel) => [channel.channel, channel.used]));
  const shortfall = quotaShortfall(quotas, used, needs, usage.day);
  return shortfall ? quotaWarningText(shortfall) : null;
}
