import { parseTwilioCallback, type TwilioCallback, type TwilioCallbackRequest } from '../twilio/twilio-status-callback';
import { failoverMessageIdOf } from './failover-message-id';

/** The auth tokens of our Twilio accounts: the first one's, and the failover account's when one is configured. */
export interface TwilioAccountTokens {
  readonly first: string;
  readonly failover?: string;
}

/** A callback read, and which of our accounts signed it. */
export interface AccountCallback {
  readonly callback: TwilioCallback;
  readonly account: 'first' | 'failover';
}

/**
 * Reads a Twilio callback signed by either of our accounts. Both post to the same addresses (one
 * PUBLIC_URL), each signing with its own auth token, so the signature also tells whose message it is:
 * a report signed by the failover account names the message by its marked id, as its send outcome did
 * (failover-message-id.ts), so the report and the outcome agree on the delivery's provider id.
 */
export function parseTwilioCallbackOfAccounts(request: TwilioCallbackRequest, tokens: TwilioAccountTokens, receivedAt: Date = new Date()): AccountCallback {
  const first = parseTwilioCallback(request, tokens.first, receivedAt);
  if (first.kind !== 'forbidden' || tokens.failover === undefined) return { callback: first, account: 'first' };
  const failover = parseTwilioCallback(request, tokens.failover, receivedAt);
  if (failover.kind === 'forbidden') return { callback: first, account: 'first' };
  if (failover.kind !== 'report') return { callback: failover, account: 'failover' };
  return { callback: { kind: 'report', report: { ...failover.report, providerMessageId: failoverMessageIdOf(failover.report.providerMessageId) } }, account: 'failover' };
}
