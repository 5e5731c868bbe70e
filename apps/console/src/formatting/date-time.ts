import { DEFAULT_TIMEZONE } from '@beacon/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * A date and time as DD/MM/YYYY HH:mm:ss in the user's timezone (spec: a datetime shows as
 * DD/MM/YYYY followed by the time, without fractions). A timezone the browser does not know falls
 * back to the product's default rather than breaking the page.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  const zone = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  const parts = formatterFor(zone).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
