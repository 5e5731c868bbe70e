import { DEFAULT_TIMEZONE } from './permissions';

/**
 * How dates and times read to a person (spec part 1 §5): a date as DD/MM/YYYY, a time without
 * fractions, a datetime as DD/MM/YYYY followed by the time. Shared by the console's screens and
 * the server's PDF export so both read the same. Text that is not a date or time stays as it is.
 */

const pad = (value: number) => String(value).padStart(2, '0');

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_PATTERN = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?/;
const LOCAL_DATETIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:[.,]\d+)?)?$/;
const ZONED_PATTERN = /(Z|[+-]\d{2}:?\d{2})$/i;

/** A date (or the date part of a datetime) as DD/MM/YYYY. */
export function displayDate(value: string): string {
  const match = DATE_PATTERN.exec(value.trim());
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** HH:MM, or HH:MM:SS when the time has seconds; never fractions. */
export function displayTime(value: string): string {
  const text = value.trim();
  const time = text.includes('T') ? text.slice(text.indexOf('T') + 1) : text;
  const match = TIME_PATTERN.exec(time);
  if (!match) return value;
  return `${pad(Number(match[1]))}:${match[2]}${match[3] === undefined ? '' : `:${match[3]}`}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${seconds}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The formatter of a timezone; one the runtime does not know falls back to the product's default rather than failing. */
function knownFormatter(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  try {
    return formatterFor(timeZone, seconds);
  } catch {
    return formatterFor(DEFAULT_TIMEZONE, seconds);
  }
}

export interface InstantDisplayOptions {
  /** Show HH:MM:SS rather than HH:MM. */
  readonly seconds?: boolean;
}

/** An instant as DD/MM/YYYY HH:MM (or HH:MM:SS) in the timezone; midnight is 00, not 24. */
export function displayInstant(instant: Date, timeZone: string, { seconds = false }: InstantDisplayOptions = {}): string {
  const parts = knownFormatter(timeZone, seconds).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}${seconds ? `:${part('second')}` : ''}`;
  return `${part('day')}/${part('month')}/${part('year')} ${time}`;
}

/** A datetime value as DD/MM/YYYY HH:MM: one with a zone in the reader's timezone, a wall-clock one as it was entered. */
export function displayDateTime(value: string, timeZone: string): string {
  const text = value.trim();
  const local = LOCAL_DATETIME_PATTERN.exec(text);
  if (local) return `${local[3]}/${local[2]}/${local[1]} ${local[4]}:${local[5]}`;
  const time = ZONED_PATTERN.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? value : displayInstant(new Date(time), timeZone);
}
