import type { SendOutcome } from '../channel-provider';
import { throttleDelayMs } from '../retry-after';
import { TwilioApiError } from './twilio-api-client';
import { twilioErrorWords } from './twilio-error-codes';
import { TWILIO_DEFAULTS } from './twilio-options';

/** Failures that happen before a request can reach Twilio: nothing was sent, so sending again is safe. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ERR_TLS_CERT_ALTNAME_INVALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CERT_HAS_EXPIRED']);
const TIMED_OUT = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/**
 * What a failed create (Messages or Calls) means for the delivery:
 * - 429 / 20429: throttled, after Retry-After (1 s when none is named; at most 1 h);
 * - 503: Twilio said it is unavailable (20503): refused, try again;
 * - other 5xx: unknown. Twilio's own words for 20500: a create answered 500 may still have sent the
 *   text or placed the call, and repeating it may reach the person twice;
 * - any other 4xx: refused for good (a bad or unreachable number, opted out, a country not enabled,
 *   the account's credentials): the same request cannot succeed later;
 * - no connection (refused, DNS, TLS): refused, try again, as nothing left;
 * - no answer within the timeout, or the connection dropped after the request left: unknown.
 */
export function outcomeOfCreateFailure(error: unknown, timeoutMs: number): SendOutcome {
  if (error instanceof TwilioApiError) {
    const reason = twilioErrorWords(error.code, error.message);
    const code = error.code === undefined ? String(error.status) : String(error.code);
    if (error.status === 429 || error.code === 20429) {
      return { kind: 'throttled', retryAfterMs: throttleDelayMs(error.retryAfterMs, TWILIO_DEFAULTS.retryAfterMs), reason };
    }
    if (error.status === 503) return { kind: 'refused', permanent: false, reason, code };
    if (error.status >= 500) return { kind: 'unknown', reason: `${reason}; Twilio may have sent it (HTTP ${error.status} to a create)` };
    return { kind: 'refused', permanent: true, reason, code };
  }
  const code = networkCodeOf(error);
  if (code && NOT_SENT.has(code)) return { kind: 'refused', permanent: false, reason: `Could not reach Twilio (${code})`, code };
  if (code && TIMED_OUT.has(code)) return { kind: 'unknown', reason: `Twilio did not answer within ${timeoutMs} ms; it may have sent it` };
  if (code) return { kind: 'unknown', reason: `The connection to Twilio failed after the request left (${code}); it may have sent it` };
  throw error;
}

/** The Node or axios error code of a network failure; undefined for anything else (a bug: rethrown). */
function networkCodeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, isAxiosError } = error as { code?: unknown; isAxiosError?: unknown };
  if (typeof code === 'string') return code;
  return isAxiosError === true ? 'ERR_NETWORK' : undefined;
}
