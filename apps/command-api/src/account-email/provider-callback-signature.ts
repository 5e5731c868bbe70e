import { createHmac, timingSafeEqual } from 'node:crypto';

export const CALLBACK_TIMESTAMP_HEADER = 'x-email-callback-timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'x-email-callback-signature';

/** How far a callback's timestamp may be from this server's clock: a captured callback cannot be replayed later. */
export const CALLBACK_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of "<timestamp>.<body>" keyed with EMAIL_CALLBACK_SECRET. */
export const callbackSignature = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export interface SignedCallback {
  readonly timestamp: unknown;
  readonly signature: unknown;
  /** The body as the provider sent it. */
  readonly body: string | undefined;
}

/** Whether the callback was signed with the secret, within the tolerance of `now`; anything malformed is not. */
export function isSignedCallback(secret: string, { timestamp, signature, body }: SignedCallback, now: Date): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature) || body === undefined) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(callbackSignature(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
