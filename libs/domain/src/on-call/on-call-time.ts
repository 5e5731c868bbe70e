import { validationError } from '../shared/domain-errors';

/**
 * Times of the on-call calls. The API speaks ISO 8601 with an offset; people read and type
 * "DD/MM/YYYY HH:mm:ss" in an IANA time zone (spec part 2 §7: "Dates are converted between ISO (API)
 * and DD/MM/YYYY HH:mm:ss (display)"). Pure (Intl.DateTimeFormat only), so the console and the server
 * convert alike, and correct across daylight-saving changes: a wall-clock time the clocks skip is
 * refused, one they repeat is the first of the two.
 */

export const ON_CALL_DISPLAY_FORMAT = 'DD/MM/YYYY HH:mm:ss';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;

export const DISPLAY_TIME_INVALID = `Enter a date and time as ${ON_CALL_DISPLAY_FORMAT}, for example 26/11/2026 18:00:00.`;
export const displayTimeSkipped = (text: string, timeZone: string) =>
  `${text} does not exist in ${timeZone}: the clocks go forward over it. Choose a time before or after the change.`;
export const unknownTimeZone = (timeZone: string) => `"${timeZone.slice(0, 64)}" is not a known IANA time zone.`;

const DISPLAY_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      throw validationError(unknownTimeZone(timeZone));
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A wall-clock reading: the calendar fields of a time as a zone's clocks show it. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** What the zone's clocks show at the instant (epoch milliseconds). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? Number.NaN);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The reading as if it were UTC: what the offsets are measured against. */
const asUtc = (clock: WallClock) => Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** The zone's offset from UTC at the instant, in milliseconds (positive east of Greenwich). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / SECOND) * SECOND;
  return asUtc(wallClockAt(whole, timeZone)) - whole;
}

/** How a wall-clock reading maps to instants: once, never (the clocks skip it), or twice (they repeat it). */
export type LocalTimeResolution =
  | { readonly kind: 'exact'; readonly instant: number }
  | { readonly kind: 'skipped'; readonly shifted: number }
  | { readonly kind: 'repeated'; readonly first: number; readonly second: number };

/**
 * The instants at which the zone's clocks show the reading. Every instant that does has one of the
 * offsets the zone has a day either side of it (no zone changes its clocks twice within two days), so
 * those two offsets give every candidate; a candidate counts when the clocks really show the reading
 * then. `shifted`, for a skipped reading, is the reading moved forward by the length of the gap (with
 * the offset before the change): where midnight is skipped, the moment the day starts.
 */
export function resolveWallClock(clock: WallClock, timeZone: string): LocalTimeResolution {
  const local = asUtc(clock);
  const offsets = [...new Set([offsetAt(local - DAY_MS, timeZone), offsetAt(local + DAY_MS, timeZone)])];
  const instants = [...new Set(offsets.map((offset) => local - offset))]
    .filter((instant) => asUtc(wallClockAt(instant, timeZone)) === local)
    .sort((a, b) => a - b);
  if (instants.length === 1) return { kind: 'exact', instant: instants[0]! };
  if (instants.length > 1) return { kind: 'repeated', first: instants[0]!, second: instants[instants.length - 1]! };
  // The clocks skip the reading, so they went forward: the offset before the change is the smaller.
  return { kind: 'skipped', shifted: local - Math.min(...offsets) };
}

/** The instant a reading names: the first of a repeated one; a skipped one moved forward by the gap. */
export function instantOfWallClock(clock: WallClock, timeZone: string): number {
  const resolution = resolveWallClock(clock, timeZone);
  return resolution.kind === 'exact' ? resolution.instant : resolution.kind === 'repeated' ? resolution.first : resolution.shifted;
}

/** "DD/MM/YYYY HH:mm:ss" of the instant (epoch milliseconds, a Date or ISO text) in the zone. */
export function toDisplayTime(instant: number | Date | string, timeZone: string): string {
  const time = typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(time)) throw validationError(DISPLAY_TIME_INVALID);
  const clock = wallClockAt(time, timeZone);
  return `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
}

/**
 * The instant "DD/MM/YYYY HH:mm:ss" names in the zone, as ISO text in UTC (`2026-11-26T18:00:00Z`).
 * A date that does not exist (31/02) or a time the clocks skip is refused (a validation error with
 * the reason); a time the clocks repeat (the hour after they go back) is its first occurrence.
 */
export function fromDisplayTime(text: string, timeZone: string): string {
  const match = DISPLAY_PATTERN.exec(text.trim());
  if (!match) throw validationError(DISPLAY_TIME_INVALID);
  const [day, month, year, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const clock: WallClock = { year, month, day, hour, minute, second };
  const check = new Date(asUtc(clock));
  const real =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  if (!real) throw validationError(DISPLAY_TIME_INVALID);
  const resolution = resolveWallClock(clock, timeZone);
  if (resolution.kind === 'skipped') throw validationError(displayTimeSkipped(text.trim(), timeZone));
  return isoInstant(resolution.kind === 'exact' ? resolution.instant : resolution.first);
}

/** The instant as ISO 8601 in UTC, to the second: `2026-11-26T18:00:00Z` (how on-call times are recorded and answered). */
export function isoInstant(instant: number): string {
  return `${new Date(Math.floor(instant / SECOND) * SECOND).toISOString().slice(0, 19)}Z`;
}

/** The instant as ISO 8601 with the zone's offset there: `2026-03-30T00:00:00+01:00`. */
export function isoInZone(instant: number, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  const offsetMinutes = Math.round(offsetAt(instant, timeZone) / MINUTE);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${offset}`;
}

/** Monday 00:00 of the week holding the instant, on the zone's clocks (the moment the day starts where midnight is skipped). */
export function startOfWeek(instant: number, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return midnightOf(date, timeZone);
}

/** Monday 00:00 of the week after the one that starts at `weekStart`: seven calendar days on, whatever the clocks did meanwhile. */
export function nextWeekStart(weekStart: number, timeZone: string): number {
  const clock = wallClockAt(weekStart, timeZone);
  return midnightOf(new Date(Date.UTC(clock.year, clock.month - 1, clock.day + 7)), timeZone);
}

const midnightOf = (date: Date, timeZone: string) =>
  instantOfWallClock({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0, second: 0 }, timeZone);
