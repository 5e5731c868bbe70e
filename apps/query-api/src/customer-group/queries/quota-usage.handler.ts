import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { QuotaUsageDto } from '@beacon/contracts';
import {
  foldEvents,
  fromDisplayTime,
  QUOTA_CHANNEL_NAMES,
  QUOTA_CHANNELS,
  quotaDayDecider,
  quotaDayOf,
  quotaDayStream,
  type DailyQuotaUsed,
} from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { DailyQuotaCheck } from '../../shared/quotas/daily-quota-check';
import { QuotaUsageQuery } from './quota-usage.query';

/**
 * GET /api/customer_group_quota_usage/: each channel a quota can limit, with today's use (the day's
 * stream, exact: what the planner counted sends in with) and the quota (null: no limit), in the
 * organisation's time zone. Any sender of the organisation may read it, whatever their group.
 */
@QueryHandler(QuotaUsageQuery)
export class QuotaUsageHandler implements IQueryHandler<QuotaUsageQuery, QuotaUsageDto> {
  constructor(
    @Inject(DailyQuotaCheck) private readonly quotas: DailyQuotaCheck,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  async execute({ principal }: QuotaUsageQuery): Promise<QuotaUsageDto> {
    const { quotas, timeZone } = await this.quotas.of(principal.rootId);
    const day = quotaDayOf(Date.now(), timeZone);
    const events = await this.executor.readStreamOrEmpty(quotaDayStream(principal.rootId, day));
    const { used } = foldEvents(quotaDayDecider, events.map((event) => ({ type: event.type, data: event.data }) as DailyQuotaUsed));
    return {
      day,
      time_zone: timeZone,
      resets_at: nextMidnight(day, timeZone),
      channels: QUOTA_CHANNELS.map((channel) => ({ channel, label: QUOTA_CHANNEL_NAMES[channel], used: used[channel] ?? 0, quota: quotas[channel] ?? null })),
    };
  }
}

/** The instant the day after `day` (YYYY-MM-DD) starts in the time zone (01:00 where a clock change skips its midnight). */
function nextMidnight(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = (hour: string) => fromDisplayTime(`${pad(next.getUTCDate())}/${pad(next.getUTCMonth() + 1)}/${next.getUTCFullYear()} ${hour}:00:00`, timeZone);
  try {
    return at('00');
  } catch {
    return at('01');
  }
}
