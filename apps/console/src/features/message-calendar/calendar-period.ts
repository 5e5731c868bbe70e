import { wallClockAt } from '@beacon/domain';

/*
 * The period Message Calendar shows: a day, a week (Monday to Sunday) or a month, on the user's
 * clocks. Days are calendar days as text (YYYY-MM-DD), reckoned in UTC arithmetic so that no clock
 * change moves them; only turning an instant into its day reads the time zone.
 */

export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_VIEW: CalendarView = 'month';

/** What the URL says: the view, and a day of the period (null: the period holding today). */
export interface CalendarQuery {
  readonly view: CalendarView;
  readonly date: string | null;
}

/** The period shown: its view and a day inside it. */
export interface CalendarPeriod {
  readonly view: CalendarView;
  /** YYYY-MM-DD. */
  readonly anchor: string;
}

export const DEFAULT_CALENDAR_QUERY: CalendarQuery = { view: DEFAULT_VIEW, date: null };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const utcOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
};
const dayOfUtc = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A YYYY-MM-DD that names a day that exists (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 1 && dayOfUtc(utcOf(text)) === text;
}

const isView = (value: string): value is CalendarView => (CALENDAR_VIEWS as readonly string[]).includes(value);

/** Reads the query from the URL; what the calendar cannot use (a hand-edited link) takes its default. */
export function queryFromSearchParams(params: URLSearchParams): CalendarQuery {
  const view = params.get('view') ?? '';
  const date = params.get('date') ?? '';
  return { view: isView(view) ? view : DEFAULT_VIEW, date: isCalendarDay(date) ? date : null };
}

/** The URL's query string for a query; the month view and today are left out, so "now" stays a short link. */
export function searchParamsFromQuery(query: CalendarQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.view !== DEFAULT_VIEW) params.set('view', query.view);
  if (query.date !== null) params.set('date', query.date);
  return params;
}

/** The calendar day the instant falls on in the zone. */
export function dayOf(instant: number, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The period the query names, today standing in for a missing day. */
export const periodOf = (query: CalendarQuery, today: string): CalendarPeriod => ({ view: query.view, anchor: query.date ?? today });

export function addDays(day: string, days: number): string {
  const date = utcOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOfUtc(date);
}

/** The same day of another month, or that month's last day when it is shorter (31 January, one month on: 28 February). */
function addMonths(day: string, months: number): string {
  const date = utcOf(day);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return dayOfUtc(first);
}

/** The Monday of the day's week. */
export function mondayOf(day: string): string {
  return addDays(day, -((utcOf(day).getUTCDay() + 6) % 7));
}

/** The period before (-1) or after (1) this one, keeping its view. */
export function shiftPeriod(period: CalendarPeriod, step: -1 | 1): CalendarPeriod {
  const anchor = period.view === 'day' ? addDays(period.anchor, step) : period.view === 'week' ? addDays(period.anchor, 7 * step) : addMonths(period.anchor, step);
  return { view: period.view, anchor };
}

/**
 * The weeks the period shows, each Monday to Sunday: one day, one week, or every week that holds a
 * day of the month (the days of the months either side fill the first and last weeks).
 */
export function periodWeeks(period: CalendarPeriod): string[][] {
  if (period.view === 'day') return [[period.anchor]];
  const week = (monday: string) => Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  if (period.view === 'week') return [week(mondayOf(period.anchor))];
  const month = period.anchor.slice(0, 7);
  const weeks: string[][] = [];
  // Every week whose Monday is before the month's end ('YYYY-MM' text orders as the months do).
  for (let monday = mondayOf(`${month}-01`); monday.slice(0, 7) <= month; monday = addDays(monday, 7)) weeks.push(week(monday));
  return weeks;
}

/** Every day the period shows, first to last. */
export const periodDays = (period: CalendarPeriod): string[] => periodWeeks(period).flat();

/** A day of the month shown, rather than one of the days either side that fill its first and last weeks. */
export const isInMonth = (day: string, period: CalendarPeriod): boolean => day.slice(0, 7) === period.anchor.slice(0, 7);

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(day: string, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(utcOf(day));
}


/** "Thursday". */
export const weekdayName = (day: string): string => format(day, { weekday: 'long' });

/** "Thursday 5 March 2026" (put together from parts: runtimes differ on the comma after the weekday). */
export const dayName = (day: string): string => `${weekdayName(day)} ${format(day, { day: 'numeric', month: 'long', year: 'numeric' })}`;

/** "Thu". */
export const weekdayShortName = (day: string): string => format(day, { weekday: 'short' });

/** "March 2026". */
export const monthName = (day: string): string => format(day, { month: 'long', year: 'numeric' });

/** What the period is called: "March 2026", "2 March to 8 March 2026", "Thursday 5 March 2026". */
export function periodName(period: CalendarPeriod): string {
  if (period.view === 'day') return dayName(period.anchor);
  if (period.view === 'month') return monthName(period.anchor);
  const monday = mondayOf(period.anchor);
  const sunday = addDays(monday, 6);
  const short = (day: string) => format(day, { day: 'numeric', month: 'long' });
  return monday.slice(0, 4) === sunday.slice(0, 4) ? `${short(monday)} to ${short(sunday)} ${sunday.slice(0, 4)}` : `${short(monday)} ${monday.slice(0, 4)} to ${short(sunday)} ${sunday.slice(0, 4)}`;
}

/** How one step of the view is called on the buttons: "Previous month", "Next week". */
export const VIEW_UNITS: Readonly<Record<CalendarView, string>> = { day: 'day', week: 'week', month: 'month' };
