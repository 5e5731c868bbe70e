import type { HolidayCheckDto, HolidaysQuery, ScenarioDto } from '@beacon/contracts';
import { displayDate } from '@beacon/domain';
import { weekdayName } from './calendar-period';

/** A message's holiday and weekend checks (spec part 2 §3), as its draft holds them. */
export type HolidaySettings = ScenarioDto['holiday'];

/** Only a message that checks holidays or weekends is warned about: for others the day does not matter. */
export const checksHolidays = (settings: HolidaySettings): boolean => settings.check_holiday || settings.check_weekend;

/** GET /api/holidays/'s query for the check of a send at `at` with the message's settings (the day read in its group's time zone). */
export function holidayCheckQuery(settings: HolidaySettings, at: string): Record<string, string> {
  const query: Partial<Record<keyof HolidaysQuery, string>> = {
    at,
    check_holiday: String(settings.check_holiday),
    check_weekend: String(settings.check_weekend),
  };
  if (settings.country.trim() !== '') query.country = settings.country.trim();
  if (settings.subdivision.trim() !== '') query.subdivision = settings.subdivision.trim();
  return query as Record<string, string>;
}

/**
 * What Schedule Message warns of (without stopping the schedule): the day falls on a public holiday
 * or a weekend day that the message checks, e.g. "Monday 06/04/2026 is a public holiday (Easter
 * Monday), which “Site evacuation” checks.". Null when no check the message makes finds the day.
 */
export function holidayWarning(messageName: string, settings: HolidaySettings, check: HolidayCheckDto): string | null {
  const holiday = settings.check_holiday && check.is_holiday;
  const weekend = settings.check_weekend && check.is_weekend;
  if (!holiday && !weekend) return null;
  const day = `${weekdayName(check.local_date)} ${displayDate(check.local_date)}`;
  const names = check.holiday_list.map((entry) => entry.name).join(', ');
  const holidayText = `a public holiday${names ? ` (${names})` : ''}`;
  const what = holiday && weekend ? `${holidayText} and a weekend day` : holiday ? holidayText : 'a weekend day';
  const checks = holiday && weekend ? 'checks public holidays and weekends' : holiday ? 'checks public holidays' : 'checks weekends';
  return `${day} is ${what}, and “${messageName}” ${checks}.`;
}
