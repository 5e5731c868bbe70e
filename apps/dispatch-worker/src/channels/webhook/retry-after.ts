/** The wait when a 429 names none, or a value that cannot be read. */
export const DEFAULT_RETRY_AFTER_MS = 30_000;
/** A Retry-After is honoured between these bounds: never 0 (we would hammer), never past an hour. */
const MIN_RETRY_AFTER_MS = 1_000;
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** An HTTP Retry-After (RFC 9110: delay in seconds, or an HTTP date) as milliseconds from `now`. */
export function retryAfterMs(header: string | null, now: number): number {
  const value = header?.trim() ?? '';
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1_000;
  else if (value !== '' && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - now;
  else return DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, Math.ceil(ms)));
}
