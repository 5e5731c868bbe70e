import { displayInstant } from '@beacon/domain';

/**
 * A date and time as DD/MM/YYYY HH:mm:ss in the user's timezone (spec: a datetime shows as
 * DD/MM/YYYY followed by the time, without fractions). A timezone the browser does not know falls
 * back to the product's default rather than breaking the page.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  return displayInstant(new Date(iso), timeZone, { seconds: true });
}
