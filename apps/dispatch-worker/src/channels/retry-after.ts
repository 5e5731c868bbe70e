/** A Retry-After header (seconds, or an HTTP date) in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMsOf(value: unknown, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !text.trim()) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How long a throttled send waits: the provider's Retry-After, else the default, kept between 1 s and 1 h. */
export function throttleDelayMs(retryAfterMs: number | undefined, defaultMs: number): number {
  return Math.min(Math.max(retryAfterMs ?? defaultMs, 1_000), 3_600_000);
}
