import type { TokenExpiryAnswer } from '../api/api-client';

/**
 * The token's lifetime in milliseconds from the token-expiry answer, or null when it gave none. A
 * number is taken as seconds of lifetime; a date as the absolute expiry, whose distance from `now`
 * (the moment of the answer, which itself just moved the expiry ahead) is the lifetime.
 */
export function tokenLifetimeMs({ token_expiry: expiry }: TokenExpiryAnswer, now: number): number | null {
  if (typeof expiry === 'number') return Number.isFinite(expiry) && expiry > 0 ? expiry * 1000 : null;
  if (typeof expiry !== 'string' || expiry.trim() === '') return null;
  const seconds = Number(expiry);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds * 1000 : null;
  const expiresAt = Date.parse(expiry);
  return Number.isNaN(expiresAt) ? null : Math.max(0, expiresAt - now);
}
