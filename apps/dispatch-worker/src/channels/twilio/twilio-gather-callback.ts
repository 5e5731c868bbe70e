import twilio from 'twilio';
import type { TwilioAccountTokens } from '../failover/twilio-accounts-callback';
import { failoverMessageIdOf } from '../failover/failover-message-id';
import { deliveryIdOfCallbackUrl } from './twilio-callback-url';
import { formOf, headerOf, type TwilioCallbackRequest } from './twilio-status-callback';

/**
 * What a call's Gather action request is (gather-twiml.ts):
 * - keyed: the person pressed `digits` on the call of `deliveryId` (`again`: on the second asking);
 * - forbidden: the X-Twilio-Signature is missing or matches neither of our accounts (403, nothing recorded);
 * - invalid: signed, but no key, or an address that names no delivery (400).
 */
export type GatherCallback =
  | { readonly kind: 'keyed'; readonly deliveryId: string; readonly callSid: string; readonly digits: string; readonly again: boolean; readonly at: string }
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Reads a Gather action request after checking its signature (as status callbacks are: over the address
 * Twilio called and the form as sent) with either of our accounts' tokens. A call placed by the failover
 * account names its call by the marked id, as its send outcome did.
 */
export function parseGatherCallback(request: TwilioCallbackRequest, tokens: TwilioAccountTokens, receivedAt: Date = new Date()): GatherCallback {
  const params = formOf(request.body);
  const signature = headerOf(request.headers, 'x-twilio-signature');
  if (!signature) return { kind: 'forbidden' };
  const signedBy = (token: string | undefined) => token !== undefined && twilio.validateRequest(token, signature, request.url, params);
  const account = signedBy(tokens.first) ? 'first' : signedBy(tokens.failover) ? 'failover' : undefined;
  if (!account) return { kind: 'forbidden' };
  const field = (name: string) => {
    const value = params[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const deliveryId = deliveryIdOfCallbackUrl(request.url);
  if (!deliveryId) return { kind: 'invalid', reason: 'The Gather address names no delivery' };
  const callSid = field('CallSid');
  if (!callSid) return { kind: 'invalid', reason: 'The Gather request has no CallSid' };
  const digits = field('Digits');
  if (!digits) return { kind: 'invalid', reason: 'The Gather request has no Digits' };
  return {
    kind: 'keyed',
    deliveryId,
    callSid: account === 'failover' ? failoverMessageIdOf(callSid) : callSid,
    digits,
    again: new URL(request.url).searchParams.get('again') === '1',
    at: receivedAt.toISOString(),
  };
}
