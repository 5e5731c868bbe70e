import { checkHolidayAndWeekend, type HolidayCheckResult } from '../message/holiday-check';
import type { HolidayCheck } from '../message/scenario-draft';
import { displayDate } from '../shared/date-display';
import { DomainError } from '../shared/domain-errors';

/** Which of the message's checks found the day. */
/** Why a scheduled send did not start on its day: a holiday or weekend check, or its organisation suspended. */
export type SendDayReason = 'holiday' | 'weekend' | 'suspended';

/** A scheduled send whose day a check finds: moved to `rescheduledAt`, or skipped. */
export interface SendDayMove {
  readonly outcome: 'reschedule' | 'skip';
  readonly reasons: readonly SendDayReason[];
  /** The day the send fell on in the group's time zone, YYYY-MM-DD. */
  readonly localDate: string;
  /** The names of the holidays that day (public ones and the message's own). */
  readonly holidays: readonly string[];
  /** With rescheduling: the same time of day on the next day no check finds (ISO 8601, UTC). */
  readonly rescheduledAt: string | null;
  /** In words, for the calendar and the activity log: "Saturday 09/03/2030 is a weekend day." */
  readonly reason: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (localDate: string) => WEEKDAYS[new Date(`${localDate}T12:00:00Z`).getUTCDay()] ?? '';

function reasonText(localDate: string, reasons: readonly SendDayReason[], holidays: readonly string[]): string {
  const holiday = `a holiday${holidays.length ? ` (${holidays.join(', ')})` : ''}`;
  const what = reasons.length === 2 ? `${holiday} and a weekend day` : reasons[0] === 'holiday' ? holiday : 'a weekend day';
  return `${weekdayOf(localDate)} ${displayDate(localDate)} is ${what}.`;
}

/**
 * The holiday and weekend checks of a scheduled send (spec part 2 §3: check_holiday, reschedule_holiday,
 * check_weekend, reschedule_weekend, country, subdivision, holiday_list), the day read in the group's
 * time zone: null when the message checks nothing or no check finds the day. A check that cannot be
 * made (a country the holiday calendar no longer knows) does not hold the message back: it is sent.
 */
export function scheduledSendDay(holiday: HolidayCheck, scheduledFor: string, timezone: string): SendDayMove | null {
  if (!holiday.check_holiday && !holiday.check_weekend) return null;
  let check: HolidayCheckResult;
  try {
    check = checkHolidayAndWeekend(new Date(Date.parse(scheduledFor)).toISOString(), timezone, holiday);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  if (check.outcome === 'send') return null;
  const reasons: SendDayReason[] = [...(holiday.check_holiday && check.is_holiday ? ['holiday' as const] : []), ...(holiday.check_weekend && check.is_weekend ? ['weekend' as const] : [])];
  const holidays = check.holiday_list.map((entry) => entry.name);
  return { outcome: check.outcome, reasons, localDate: check.local_date, holidays, rescheduledAt: check.rescheduled_at, reason: reasonText(check.local_date, reasons, holidays) };
}
