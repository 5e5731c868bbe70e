/**
 * How long a provider that asked us to slow down is left alone: its Retry-After when it names one,
 * else the provider's own default (Twilio and push services: 1 s; Teams and Slack webhooks: 30 s).
 */

/** A Retry-After is honoured between these bounds: never 0 (we would hammer), never past an hour. */
export const MIN_RETRY_AFTER_MS = 1_000;
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * A Retry-After header (RFC 9110: a delay in seconds, or an HTTP date) in milliseconds from `now`, never
 * shorter than asked; undefined when absent or unreadable. A header repeated (a list) counts by its first.
 */
export function retryAfterMsOf(value: unknown, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1_000);
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT"); Date.parse would also take "-5".
  const at = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How long a throttled send waits: the provider's Retry-After, else its default, kept between 1 s and 1 h. */
export function throttleDelayMs(retryAfterMs: number | undefined, defaultMs: number): number {
  return Math.min(Math.max(retryAfterMs ?? defaultMs, MIN_RETRY_AFTER_MS), MAX_RETRY_AFTER_MS);
}
