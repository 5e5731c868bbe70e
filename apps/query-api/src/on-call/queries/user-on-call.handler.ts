import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DATE_INVALID, USER_ON_CALL_DEFAULT_WEEKS, type OnCallWeekDto } from '@beacon/contracts';
import { instantOfWallClock, isoInZone, nextWeekStart, startOfWeek, validationError } from '@beacon/domain';
import { OnCallReader, periodAnswer, timeZoneOf } from '../on-call-reader';
import { UserOnCallQuery } from './user-on-call.query';

/** The instant a day (YYYY-MM-DD) starts in the zone; 400 naming `from` for a day that does not exist. */
function dayStart(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date || year < 2000 || year > 2099)
    throw validationError(DATE_INVALID, { from: [DATE_INVALID] });
  return instantOfWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone);
}

/**
 * GET /api/user_on_call/{id}/: the user's weeks, Monday 00:00 to the next Monday 00:00 on the clocks of
 * the user's time zone (their preferred one, else their group's), so a week over a daylight-saving
 * change is an hour shorter or longer. Each week lists the periods overlapping it; a period across
 * two weeks is in both. Default: this week and the three after it.
 */
@QueryHandler(UserOnCallQuery)
export class UserOnCallHandler implements IQueryHandler<UserOnCallQuery, OnCallWeekDto[]> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, userId, from, weeks = USER_ON_CALL_DEFAULT_WEEKS, now }: UserOnCallQuery): Promise<OnCallWeekDto[]> {
    const { user, group } = await this.reader.reachableUser(principal, userId);
    const zone = timeZoneOf(user, group);
    const bounds = [startOfWeek(from === undefined ? now : dayStart(from, zone), zone)];
    for (let week = 0; week < weeks; week++) bounds.push(nextWeekStart(bounds[week]!, zone));
    const periods = await this.reader.periodsOf(principal, [user._id], { start: bounds[0]!, end: bounds[weeks]! });
    return bounds.slice(0, weeks).map((start, week) => {
      const end = bounds[week + 1]!;
      return {
        start_date: isoInZone(start, zone),
        end_date: isoInZone(end, zone),
        periods: periods.filter((period) => period.start < end && start < period.end).map(periodAnswer),
      };
    });
  }
}
