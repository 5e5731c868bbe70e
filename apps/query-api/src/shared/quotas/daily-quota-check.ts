import { Inject, Injectable } from '@nestjs/common';
import {
  customerGroupDecider,
  customerGroupStream,
  DEFAULT_CUSTOMER_GROUP_SETTINGS,
  foldEvents,
  isIanaTimeZone,
  QuotaExceededError,
  quotaDayDecider,
  QUOTA_CHANNELS,
  quotaDayOf,
  quotaDayStream,
  type ChannelCounts,
  type CustomerGroupEvent,
  type DailyQuotas,
  type MessageSessionOrigin,
  type QuotaShortfall,
} from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';

/** An organisation's daily quotas, and the time zone its days are counted in. */
export interface OrganisationQuotas {
  readonly quotas: DailyQuotas;
  readonly timeZone: string;
}

/**
 * A send's first step on the organisation's daily quotas (daily-quotas.ts): what it needs on each
 * limited channel is counted into the day's use (one stream per organisation and day) before anything
 * of it is queued, or it is refused with the numbers. An organisation without quotas costs one read.
 */
@Injectable()
export class DailyQuotaCheck {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  /** The organisation's quotas and time zone, from its root group's stream (as they are now, not as a read model last saw them). */
  async of(tenantId: string): Promise<OrganisationQuotas> {
    const events = await this.executor.readStreamOrEmpty(customerGroupStream(tenantId));
    const root = foldEvents(customerGroupDecider, events.map((event) => ({ type: event.type, data: event.data }) as CustomerGroupEvent));
    if (root.status !== 'active') return { quotas: {}, timeZone: DEFAULT_CUSTOMER_GROUP_SETTINGS.preferred_timezone };
    const zone = root.settings.preferred_timezone;
    return { quotas: root.quotas, timeZone: isIanaTimeZone(zone) ? zone : DEFAULT_CUSTOMER_GROUP_SETTINGS.preferred_timezone };
  }

  /**
   * Counts the session in on the day it started (in the organisation's time zone); the shortfall when
   * that would take a channel past its quota (then nothing is counted). `needs` is asked only when the
   * organisation has a quota. A session already counted is not counted again (a planner's restart).
   */
  async admit(tenantId: string, origin: MessageSessionOrigin, startedAt: number, needs: () => Promise<ChannelCounts>): Promise<QuotaShortfall | null> {
    const { quotas, timeZone } = await this.of(tenantId);
    if (!Object.keys(quotas).length) return null;
    const day = quotaDayOf(startedAt, timeZone);
    try {
      await this.executor.execute(
        quotaDayStream(tenantId, day),
        quotaDayDecider,
        { type: 'UseDailyQuota', data: { sessionId: origin.sessionId, day, needs: await needs(), quotas, at: new Date().toISOString() } },
        { tenantId, customerGroupId: origin.customerGroupId, actorUserId: null, correlationId: origin.sessionId, acceptedAt: new Date() },
      );
      return null;
    } catch (error) {
      if (error instanceof QuotaExceededError) return error.shortfall;
      throw error;
    }
  }

  /**
   * Counts a part of a session that is not its start (`part`: a follow-up, once queued) into the day it
   * began, even past a quota: it went to people the session already counted, and the next send meets it.
   * Once per part, however often it is asked.
   */
  async countIn(tenantId: string, origin: MessageSessionOrigin, part: string, at: number, used: ChannelCounts): Promise<void> {
    if (!QUOTA_CHANNELS.some((channel) => (used[channel] ?? 0) > 0)) return;
    const { quotas, timeZone } = await this.of(tenantId);
    if (!Object.keys(quotas).length) return;
    const day = quotaDayOf(at, timeZone);
    await this.executor.execute(
      quotaDayStream(tenantId, day),
      quotaDayDecider,
      { type: 'UseDailyQuota', data: { sessionId: origin.sessionId, part, day, needs: used, quotas, at: new Date().toISOString(), enforce: false } },
      { tenantId, customerGroupId: origin.customerGroupId, actorUserId: null, correlationId: origin.sessionId, acceptedAt: new Date() },
    );
  }
}
