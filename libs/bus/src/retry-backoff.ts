/**
 * How long a consumer waits before handing a failed message (or batch) to its handler again: 100 ms,
 * doubling up to 5 s. The partition stays blocked meanwhile, so per-key order holds and nothing is skipped.
 */
export const FIRST_RETRY_MS = 100;
export const MAX_RETRY_MS = 5_000;

export function nextRetryDelay(delay: number): number {
  return Math.min(delay * 2, MAX_RETRY_MS);
}
