import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Beacon';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift). */
const WINDOW = 1;

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, as RFC 4226 recommends), base32-encoded. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans. */
export const otpauthUrl = (secret: string, email: string): string => totpFor(secret, email).toString();

/**
 * The time step of a code that is right for `secret` at `now`, within ±1 step, and newer than the
 * last accepted step (a code is good once); null otherwise.
 */
export function acceptedTotpStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const delta = totpFor(secret).validate({ token: code.trim(), timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
