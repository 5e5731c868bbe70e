import type { SendOutcome } from '../channel-provider';

/** The parts of a nodemailer error the outcome reads (nodemailer's NodemailerError). */
interface SmtpFailure {
  readonly message?: string;
  readonly code?: string;
  readonly originalCode?: string;
  readonly command?: string;
  readonly response?: string;
  readonly responseCode?: number;
}

/** How long to wait after a "slow down" that names no time. */
export const SMTP_THROTTLE_DEFAULT_MS = 60_000;
/** A server's "try again in …" is honoured between these bounds. */
const THROTTLE_MIN_MS = 1_000;
const THROTTLE_MAX_MS = 60 * 60_000;

/**
 * A 450/451/452 reply whose words ask us to slow down: a rate limit, too many connections or
 * messages, "try (again) later". Other 45x replies (a local error, a full disk) are temporary
 * refusals. "Too many recipients" is about the envelope, not the pace, so it does not count.
 */
const SLOW_DOWN = /\brate\b|rate.?limit|throttl|slow down|too many (?!recipients)|try (?:again )?later/i;

/** "try again in 30 seconds", "retry after 5 minutes": the delay a reply names, if any. */
function namedDelayMs(reply: string): number | undefined {
  const match = /\b(?:in|after)\s+(\d{1,5})\s*(seconds?|secs?|s|minutes?|mins?|m)\b/i.exec(reply);
  if (!match) return undefined;
  const unitMs = /^m/i.test(match[2]!) ? 60_000 : 1_000;
  return Math.min(THROTTLE_MAX_MS, Math.max(THROTTLE_MIN_MS, Number(match[1]) * unitMs));
}

const failureOf = (error: unknown): SmtpFailure => (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;

/**
 * What a failed send means, from nodemailer's error and whether the whole message had been handed to
 * the server (its DATA sent through the last byte) when it failed:
 * - a reply 421, or a 450/451/452 that asks to slow down → throttled (the delay the reply names, else 60 s);
 * - any other 4xx, and 503 (a session in the wrong state, as nodemailer judges it) → refused, temporary;
 * - 5xx → refused, permanent, with the reply code and words;
 * - no reply after the message was handed over (a timeout, the connection lost) → unknown: the server
 *   may have taken it;
 * - no reply before that (refused connection, DNS, TLS, a timeout while connecting or in the envelope)
 *   → refused, temporary: the message never left. An address the envelope cannot hold → permanent.
 * Reasons quote the server's reply or the socket's error code, never the URL (it may hold a password).
 */
export function smtpFailureOutcome(error: unknown, handedOver: boolean, timeoutMs: number): SendOutcome {
  const failure = failureOf(error);
  if (typeof failure.responseCode === 'number' && failure.responseCode >= 400) {
    const code = failure.responseCode;
    const reply = (failure.response ?? String(code)).trim();
    const reason = `The SMTP server answered${failure.command && failure.command !== 'CONN' ? ` ${failure.command}` : ''}: ${reply}`;
    if (code === 421 || (code >= 450 && code <= 452 && SLOW_DOWN.test(reply))) {
      return { kind: 'throttled', retryAfterMs: namedDelayMs(reply) ?? SMTP_THROTTLE_DEFAULT_MS, reason };
    }
    return { kind: 'refused', permanent: code >= 500 && code !== 503, reason, code: String(code) };
  }
  const what = [failure.code, failure.originalCode].filter(Boolean).join(' ') || 'no code';
  if (failure.code === 'EABORT') {
    return handedOver
      ? { kind: 'unknown', reason: `The SMTP server did not answer the message within ${timeoutMs} ms of the send; it may have taken it` }
      : { kind: 'refused', permanent: false, reason: `The SMTP server did not take the message within ${timeoutMs} ms (it never left)` };
  }
  if (handedOver) {
    return { kind: 'unknown', reason: `The connection to the SMTP server ended after the message was handed over, before its answer (${what})` };
  }
  if (failure.code === 'EENVELOPE' || failure.code === 'EMAXRECIPIENTS') {
    return { kind: 'refused', permanent: true, reason: `The address cannot be sent to (${failure.message ?? what})`, code: failure.code };
  }
  return { kind: 'refused', permanent: false, reason: `The SMTP server could not be reached or stopped answering before the message left (${what})`, code: failure.code };
}

/**
 * The id the server gave the message in its final reply: Postfix "queued as 4Q2…", Exim "id=1rX…",
 * sendmail "4BX… Message accepted". Servers that replace the Message-ID (Microsoft 365, Amazon SES)
 * are read by nodemailer (serverMessageId); otherwise our own Message-ID.
 */
export function acceptedMessageId(info: { readonly response?: string; readonly serverMessageId?: string; readonly messageId: string }): string {
  const reply = info.response ?? '';
  const queueId =
    /\bqueued as ([A-Za-z0-9._-]+)/i.exec(reply)?.[1] ??
    /\bid=([A-Za-z0-9._-]+)/i.exec(reply)?.[1] ??
    /^250[ -](?:\d\.\d{1,3}\.\d{1,3} )?([A-Za-z0-9]+) Message accepted/i.exec(reply)?.[1];
  return queueId ?? info.serverMessageId ?? info.messageId;
}
