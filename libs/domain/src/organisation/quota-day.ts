import type { Decider, DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { QUOTA_CHANNELS, quotaRefusalText, quotaShortfall, type ChannelCounts, type DailyQuotas, type QuotaShortfall } from './daily-quotas';

/**
 * One organisation's use of its daily quotas on one of its days: a stream per organisation and day,
 * to which each send adds what it needs on each channel before anything of it is queued. Two sends
 * at once cannot both take the last of a quota: the second one's append meets the first's and is
 * decided again on what is then used.
 */
export type DailyQuotaUsed = DomainEvent<'DailyQuotaUsed', { sessionId: string; part?: string; day: string; used: ChannelCounts; at: string }>;

export interface UseDailyQuota {
  readonly type: 'UseDailyQuota';
  /**
   * `quotas`: the organisation's as the send starts. `part`: what of the session is counted when it is not
   * its start (a follow-up, `follow-up/<n>`, counted once it is queued). `enforce: false` counts it in even past a
   * quota: a follow-up goes to people the session already counted and is not stopped half-way.
   */
  readonly data: { sessionId: string; part?: string; day: string; needs: ChannelCounts; quotas: DailyQuotas; at: string; enforce?: boolean };
}

export interface QuotaDayState {
  readonly used: ChannelCounts;
  /** What was counted in (a session's start by its id, a part of it by `<id>/<part>`), each once. */
  readonly sessions: ReadonlySet<string>;
}

/** What a use is counted in as, once. */
const useKey = ({ sessionId, part }: { sessionId: string; part?: string }) => (part ? `${sessionId}/${part}` : sessionId);

export const QUOTA_DAY_EVENT_VERSIONS = { DailyQuotaUsed: 1 } as const;

export const quotaDayStream = (rootId: string, day: string) => `organisation_quota_day-${rootId}-${day}`;

/** A send refused by a quota: the error carries the shortfall, so its numbers reach the session and the caller. */
export class QuotaExceededError extends DomainError {
  constructor(readonly shortfall: QuotaShortfall) {
    super('illegal_state', quotaRefusalText(shortfall), {}, { quota: shortfall });
  }
}

const onlyCounted = (counts: ChannelCounts): ChannelCounts =>
  Object.fromEntries(QUOTA_CHANNELS.filter((channel) => (counts[channel] ?? 0) > 0).map((channel) => [channel, counts[channel]])) as ChannelCounts;

export const quotaDayDecider: Decider<UseDailyQuota, DailyQuotaUsed, QuotaDayState> = {
  decide: (command, state) => {
    const { sessionId, part, day, needs, quotas, at, enforce = true } = command.data;
    if (state.sessions.has(useKey(command.data))) return [];
    const shortfall = enforce ? quotaShortfall(quotas, state.used, needs, day) : null;
    if (shortfall) throw new QuotaExceededError(shortfall);
    return [{ type: 'DailyQuotaUsed', data: { sessionId, ...(part ? { part } : {}), day, used: onlyCounted(needs), at } }];
  },
  evolve: (state, event) => {
    const used: ChannelCounts = { ...state.used };
    for (const channel of QUOTA_CHANNELS) {
      const more = event.data.used[channel] ?? 0;
      if (more) used[channel] = (used[channel] ?? 0) + more;
    }
    return { used, sessions: new Set([...state.sessions, useKey(event.data)]) };
  },
  initialState: () => ({ used: {}, sessions: new Set() }),
};
