import type { SendOutcome } from '../channel-provider';
import { retryAfterMsOf, throttleDelayMs } from '../retry-after';
import { PRIVATE_ADDRESS } from './public-address';

/** The wait when a webhook's 429 names none, or one that cannot be read. */
export const WEBHOOK_RETRY_AFTER_DEFAULT_MS = 30_000;

/** A webhook's answer other than 2xx. */
export interface WebhookAnswer {
  readonly status: number;
  readonly body: string;
  readonly retryAfter: string | null;
}

/** 4xx answers that say "not now" rather than "never": a request that took too long, too early. */
const TEMPORARY_CLIENT_ERRORS: ReadonlySet<number> = new Set([408, 425]);

/** Reasons quote at most this much of an answer's body. */
const BODY_IN_REASON = 300;

const bodyOf = (body: string): string => {
  const words = body.replace(/\s+/g, ' ').trim();
  return words.length > BODY_IN_REASON ? `${words.slice(0, BODY_IN_REASON)}…` : words;
};

/**
 * A webhook's answer that is not a success: 429 → throttled for its Retry-After (default 30 s); 5xx →
 * refused for now; 408 and 425 → refused for now; any other 4xx (400 a payload it will never take,
 * 403 forbidden or a bad token, 404 no such hook, 410 gone or archived, 413 too large) and 3xx (the
 * hook moved: its address must be updated, and we do not follow a secret URL's redirects) → refused
 * for good. The reason has the status and the body's words.
 */
export function webhookAnswerOutcome(vendor: string, answer: WebhookAnswer, now: number): SendOutcome {
  const body = bodyOf(answer.body);
  const reason = `${vendor} answered ${answer.status}${body ? `: ${body}` : ''}`;
  if (answer.status === 429) return { kind: 'throttled', retryAfterMs: throttleDelayMs(retryAfterMsOf(answer.retryAfter, now), WEBHOOK_RETRY_AFTER_DEFAULT_MS), reason };
  const permanent = answer.status < 500 && !TEMPORARY_CLIENT_ERRORS.has(answer.status);
  return { kind: 'refused', permanent, reason, code: String(answer.status) };
}

/**
 * Failures that happen before a request leaves: the name does not resolve, nothing listens, the route
 * is down, the connection could not be opened in time, the certificate is refused.
 */
const NEVER_LEFT: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

interface FailureShape {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly cause?: unknown;
  readonly errors?: unknown;
}

const shapeOf = (value: unknown): FailureShape => (typeof value === 'object' && value !== null ? (value as FailureShape) : {});

/** The system error codes on an error, its causes, and the errors of an AggregateError (one per address tried). */
function codesOf(error: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  const shape = shapeOf(error);
  const own = typeof shape.code === 'string' ? [shape.code] : [];
  const nested = Array.isArray(shape.errors) ? shape.errors.flatMap((inner) => codesOf(inner, depth + 1)) : [];
  return [...own, ...nested, ...(shape.cause === undefined ? [] : codesOf(shape.cause, depth + 1))];
}

/**
 * A request that got no answer. Our timeout (the request's AbortSignal) → unknown: fetch cannot tell
 * whether the request had left, so it is taken as having left, and the delivery is reconciled rather
 * than posted again. A name resolving to a private network → refused for good, before any request. A
 * failure known to happen before sending (NEVER_LEFT) → refused for now. Anything
 * else (the connection reset or closed while waiting) → unknown. The shape is read, not the class: the
 * errors come from Node's fetch, whose classes may be another realm's.
 */
export function webhookFailureOutcome(vendor: string, error: unknown, timeoutMs: number): SendOutcome {
  const name = shapeOf(error).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { kind: 'unknown', reason: `${vendor} did not answer within ${timeoutMs} ms; the message may have been posted` };
  }
  const codes = codesOf(error);
  if (codes.includes(PRIVATE_ADDRESS)) return { kind: 'refused', permanent: true, reason: `The ${vendor} address resolves to a private network`, code: PRIVATE_ADDRESS };
  const neverLeft = codes.find((code) => NEVER_LEFT.has(code));
  if (neverLeft) return { kind: 'refused', permanent: false, reason: `${vendor} could not be reached (${neverLeft})`, code: neverLeft };
  const what = codes[0] ?? (typeof name === 'string' ? name : 'no code');
  return { kind: 'unknown', reason: `The connection to ${vendor} failed after the request was sent (${what}); the message may have been posted` };
}
