import type { OnCallPeriodDto } from '@beacon/contracts';
import {
  DEFAULT_TIMEZONE,
  DomainError,
  END_NOT_AFTER_START,
  ON_CALL_DISPLAY_FORMAT,
  REQUIRED,
  fromDisplayTime,
  toDisplayTime,
  wallClockAt,
} from '@beacon/domain';

/*
 * On-call times on the console's screens (spec part 2 §7: "Dates are converted between ISO (API) and
 * DD/MM/YYYY HH:mm:ss (display)"). The conversions are libs/domain's, so the screens read and write
 * times as the server does, across daylight-saving changes.
 */

/** The two times of a period as typed: "DD/MM/YYYY HH:mm:ss" each, named as the API names them. */
export interface PeriodTimesText {
  readonly start_date: string;
  readonly end_date: string;
}

export type PeriodTimeField = keyof PeriodTimesText;

/** Messages per time field. */
export type PeriodTimesErrors = Partial<Record<PeriodTimeField, readonly string[]>>;

/** A period's times as the API takes them (ISO 8601 in UTC). */
export interface PeriodTimes {
  readonly start_date: string;
  readonly end_date: string;
}

export const EMPTY_PERIOD_TIMES: PeriodTimesText = { start_date: '', end_date: '' };

const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone on-call times are shown and typed in: the first of the given zones the browser knows
 * (the user's, then their group's), else the product's default, as the server falls back.
 */
export function onCallTimeZone(...zones: readonly (string | null | undefined)[]): string {
  return zones.find((zone): zone is string => typeof zone === 'string' && zone !== '' && knownZone(zone)) ?? DEFAULT_TIMEZONE;
}

/** "DD/MM/YYYY HH:mm:ss" of an ISO instant in the zone. */
export const displayTime = (iso: string, zone: string) => toDisplayTime(iso, zone);

/** "26/11/2026 18:00:00 to 27/11/2026 08:00:00" in the zone. */
export const displayPeriod = (period: PeriodTimes, zone: string) => `${displayTime(period.start_date, zone)} to ${displayTime(period.end_date, zone)}`;

/** A period's times as the form shows them for a change. */
export const periodTimesText = (period: PeriodTimes, zone: string): PeriodTimesText => ({
  start_date: displayTime(period.start_date, zone),
  end_date: displayTime(period.end_date, zone),
});

/** What a time field says under its label. */
export const timeInputHint = (zone: string) => `${ON_CALL_DISPLAY_FORMAT} in ${zone}, for example 26/11/2026 18:00:00.`;

function readTime(text: string, zone: string): { iso: string } | { error: string } {
  if (text.trim() === '') return { error: REQUIRED };
  try {
    return { iso: fromDisplayTime(text, zone) };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}

/**
 * The typed times as the API takes them, or what is wrong with each: empty, not DD/MM/YYYY HH:mm:ss,
 * a date that does not exist, a time the clocks skip in the zone, an end not after the start. With the
 * period's `original` times, a field still showing its original text keeps its original instant.
 */
export function readPeriodTimes(text: PeriodTimesText, zone: string, original?: PeriodTimes): { times: PeriodTimes | null; errors: PeriodTimesErrors } {
  // A time left as it was shown keeps its instant: in the hour the clocks repeat, its text names two.
  const unchanged = (field: PeriodTimeField) => original !== undefined && text[field] === displayTime(original[field], zone);
  const start = unchanged('start_date') ? { iso: original!.start_date } : readTime(text.start_date, zone);
  const end = unchanged('end_date') ? { iso: original!.end_date } : readTime(text.end_date, zone);
  const errors: Record<string, readonly string[]> = {};
  if ('error' in start) errors['start_date'] = [start.error];
  if ('error' in end) errors['end_date'] = [end.error];
  if ('iso' in start && 'iso' in end) {
    if (Date.parse(end.iso) <= Date.parse(start.iso)) return { times: null, errors: { end_date: [END_NOT_AFTER_START] } };
    return { times: { start_date: start.iso, end_date: end.iso }, errors: {} };
  }
  return { times: null, errors };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The day of the week of an instant on the zone's clocks, e.g. "Monday". */
export function weekdayOf(iso: string, zone: string): string {
  const clock = wallClockAt(Date.parse(iso), zone);
  return WEEKDAYS[new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()]!;
}

/** The days a period covers on the zone's clocks: "Monday", or "Sunday to Tuesday" (its end is not on call). */
export function periodDays(period: OnCallPeriodDto | PeriodTimes, zone: string): string {
  const first = weekdayOf(period.start_date, zone);
  const lastInstant = new Date(Date.parse(period.end_date) - 1000).toISOString();
  const last = weekdayOf(lastInstant, zone);
  const sameDay = displayTime(period.start_date, zone).slice(0, 10) === displayTime(lastInstant, zone).slice(0, 10);
  return sameDay ? first : `${first} to ${last}`;
}

/** A calendar day (YYYY-MM-DD) moved by whole days. */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as DD/MM/YYYY. */
export const displayDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * "Monday 23/03/2026 to Sunday 29/03/2026" for a week that starts at `weekStart`: ISO with the zone's
 * offset, as the user's weeks answer it, whose calendar day is the Monday.
 */
export function weekText(weekStart: string): string {
  const monday = weekStart.slice(0, 10);
  return `Monday ${displayDay(monday)} to Sunday ${displayDay(shiftDay(monday, 6))}`;
}
