/** What the Twilio providers (SMS and voice) need from configuration. */
export interface TwilioOptions {
  /** The account (AC…); its auth token signs the status callbacks too. */
  readonly accountSid: string;
  readonly authToken: string;
  /**
   * The sender: an E.164 number of the account (the SMS sender and the calls' caller id). SMS may use a
   * messaging service instead; a message's own `from` wins where Twilio takes it.
   */
  readonly from?: string;
  readonly messagingServiceSid?: string;
  /**
   * The public address Twilio posts status callbacks to; each message's is `<base>/<encoded delivery id>`,
   * so a report finds its delivery before the submit is recorded. Absent: no callbacks are asked for,
   * unless the message brings its own `statusCallbackUrl`.
   */
  readonly statusCallbackBaseUrl?: string;
  /** How long one API request may take before its outcome is unknown (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Where the REST API answers (default `https://api.twilio.com`); tests point it at a local fake. */
  readonly apiBaseUrl?: string;
  /** How far back a lookup searches for a message whose create had no answer (default 15 min). */
  readonly lookupWindowMs?: number;
}

export const TWILIO_DEFAULTS = {
  requestTimeoutMs: 10_000,
  lookupWindowMs: 15 * 60_000,
  /** When a 429 names no Retry-After. */
  retryAfterMs: 1_000,
} as const;
