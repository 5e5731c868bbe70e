import { validationError } from '../shared/domain-errors';

/**
 * An organisation's daily quotas (set by the platform's operators): at most so many messages a day on
 * each channel, as GOV.UK Notify limits a service. A channel without a quota is unlimited. Push is not
 * limited: it costs no provider anything, and how many browsers a send reaches is known only page by page.
 */
export const QUOTA_CHANNELS = ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK'] as const;
export type QuotaChannel = (typeof QUOTA_CHANNELS)[number];

/** A quota per channel; a channel absent is unlimited. */
export type DailyQuotas = Partial<Record<QuotaChannel, number>>;
/** Messages per channel (a day's use, or what a send needs). */
export type ChannelCounts = Partial<Record<QuotaChannel, number>>;

/** The largest quota accepted: more than any day's sending, small enough to add without losing precision. */
export const QUOTA_MAX = 1_000_000_000;

export const QUOTA_CHANNEL_NAMES: Readonly<Record<QuotaChannel, string>> = {
  SMS: 'SMS',
  VOICE: 'voice',
  EMAIL: 'email',
  TEAMS: 'Microsoft Teams',
  SLACK: 'Slack',
};

export const quotaValueProblem = `A daily quota is a whole number from 0 to ${QUOTA_MAX.toLocaleString('en-GB')} (or null for no limit).`;

const isQuotaChannel = (name: string): name is QuotaChannel => (QUOTA_CHANNELS as readonly string[]).includes(name);

/**
 * The quotas a request asks for, checked: known channels only, each a whole number from 0 to QUOTA_MAX
 * or null (unlimited, left out). Every problem is named under `quotas.<channel>` (400).
 */
export function dailyQuotasOf(requested: Readonly<Record<string, unknown>>): DailyQuotas {
  const fields: Record<string, string[]> = {};
  const quotas: DailyQuotas = {};
  for (const [channel, value] of Object.entries(requested)) {
    if (!isQuotaChannel(channel)) {
      fields[`quotas.${channel}`] = [`Not a channel with a quota: one of ${QUOTA_CHANNELS.join(', ')}.`];
    } else if (value === null) {
      continue;
    } else if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > QUOTA_MAX) {
      fields[`quotas.${channel}`] = [quotaValueProblem];
    } else {
      quotas[channel] = value;
    }
  }
  if (Object.keys(fields).length) throw validationError('The daily quotas are not valid.', fields);
  return Object.fromEntries(QUOTA_CHANNELS.filter((channel) => quotas[channel] !== undefined).map((channel) => [channel, quotas[channel]])) as DailyQuotas;
}

/** A send that would take a channel past its quota: the first such channel, with the numbers. */
export interface QuotaShortfall {
  readonly channel: QuotaChannel;
  readonly needed: number;
  readonly used: number;
  readonly quota: number;
  /** The organisation's day, YYYY-MM-DD in its time zone. */
  readonly day: string;
}

/** The first channel (in QUOTA_CHANNELS' order) on which `needs` would take the day's `used` past `quotas`; null when all fit. */
export function quotaShortfall(quotas: DailyQuotas, used: ChannelCounts, needs: ChannelCounts, day: string): QuotaShortfall | null {
  for (const channel of QUOTA_CHANNELS) {
    const quota = quotas[channel];
    const needed = needs[channel] ?? 0;
    if (quota === undefined || needed === 0) continue;
    const already = used[channel] ?? 0;
    if (already + needed > quota) return { channel, needed, used: already, quota, day };
  }
  return null;
}

const messages = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'message' : 'messages'}`;

/** The refusal's words, with the numbers: what the send needs, what the day has used, what is left. */
export function quotaRefusalText({ channel, needed, used, quota }: QuotaShortfall): string {
  const name = QUOTA_CHANNEL_NAMES[channel];
  const left = Math.max(0, quota - used);
  return (
    `This send needs ${messages(needed)} by ${name}, and the organisation's daily ${name} quota is ${messages(quota)}: ` +
    `${used.toLocaleString('en-GB')} used today, ${left.toLocaleString('en-GB')} left. Nothing was sent.`
  );
}

/** The same numbers told before a send (the console's confirmation): the send would be refused. */
export function quotaWarningText({ channel, needed, used, quota }: QuotaShortfall): string {
  const name = QUOTA_CHANNEL_NAMES[channel];
  const left = Math.max(0, quota - used);
  return (
    `It needs ${messages(needed)} by ${name}, and the organisation's daily ${name} quota is ${messages(quota)}: ` +
    `${used.toLocaleString('en-GB')} used today, ${left.toLocaleString('en-GB')} left. It would be refused.`
  );
}

/** The organisation's day of an instant, YYYY-MM-DD in `timeZone` (quotas start again at its midnight). */
export const quotaDayOf = (at: Date | number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
