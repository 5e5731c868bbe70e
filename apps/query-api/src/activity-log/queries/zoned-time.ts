import { DEFAULT_TIMEZONE } from '@beacon/domain';

/** A calendar day, as a user names it in their own timezone. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

interface WallClock extends CalendarDay {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone if the platform knows it, else the default (a stored preference may name a zone this runtime lacks). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIMEZONE;
  try {
    formatFor(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return wallAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The first instant of a day in a timezone (the offset is taken again at the result, for days a clock change starts). */
export function startOfDay(day: CalendarDay, timeZone: string): number {
  const midnightAsUtc = Date.UTC(day.year, day.month - 1, day.day);
  const guess = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  return midnightAsUtc - offsetAt(guess, timeZone);
}

export function nextDay(day: CalendarDay): CalendarDay {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** DD/MM/YYYY HH:mm:ss on the zone's wall clock, the console's display format for dates. */
export function formatDisplayTime(instant: number, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${pad(c.day)}/${pad(c.month)}/${pad(c.year, 4)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** YYYY-MM-DD of the zone's wall clock. */
export function formatIsoDay(instant: number, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}
