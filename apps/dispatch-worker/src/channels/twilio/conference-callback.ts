import { ROUTES } from '@beacon/contracts';
import twilio from 'twilio';
import type { TwilioAccountTokens } from '../failover/twilio-accounts-callback';
import { deliveryIdOfCallbackUrl } from './twilio-callback-url';
import type { TwilioCallbackRequest } from './twilio-status-callback';

/**
 * What Twilio posts to a conference message's call address (its Url when the call is answered, its
 * Gather action when a key is pressed), read after its X-Twilio-Signature is checked against either of
 * our accounts:
 * - answered: no Digits; AnsweredBy when answering-machine detection was asked for;
 * - pressed: the key (Digits);
 * - forbidden (403, nothing read) or invalid (400: no call or no delivery in the address).
 */
export type ConferenceCallback =
  | { readonly kind: 'answered'; readonly deliveryId: string; readonly callSid: string; readonly answeredBy?: string; readonly account: 'first' | 'failover' }
  | { readonly kind: 'pressed'; readonly deliveryId: string; readonly callSid: string; readonly digits: string; readonly account: 'first' | 'failover' }
  | { readonly kind: 'forbidden'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

/** The conference route's address without its delivery id: `<PUBLIC_URL>/api/provider_callback/twilio/conference`. */
export function conferenceCallBaseOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.twilioConferenceCall.path.replace(/\/:delivery_id$/, '')}`;
}

/** One call's address on the conference route: `<base>/<encoded delivery id>`, so what Twilio posts there names its delivery. */
export const conferenceCallUrlOf = (baseUrl: string, deliveryId: string) => `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(deliveryId)}`;

/** The form's fields as Twilio signed them. */
function formOf(body: TwilioCallbackRequest['body']): Record<string, string> {
  if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]])));
}

function signatureOf(headers: TwilioCallbackRequest['headers']): string | undefined {
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === 'x-twilio-signature')?.[1];
  return typeof value === 'string' ? value : value?.[0];
}

/** The form, once its X-Twilio-Signature is checked against our first account or the failover one. */
function signedFormOf(request: TwilioCallbackRequest, tokens: TwilioAccountTokens): { form: Record<string, string>; account: 'first' | 'failover' } | { kind: 'forbidden'; reason: string } {
  const form = formOf(request.body);
  const signature = signatureOf(request.headers);
  if (!signature) return { kind: 'forbidden', reason: 'The request has no X-Twilio-Signature' };
  const account = twilio.validateRequest(tokens.first, signature, request.url, form)
    ? 'first'
    : tokens.failover !== undefined && twilio.validateRequest(tokens.failover, signature, request.url, form)
      ? 'failover'
      : null;
  if (!account) return { kind: 'forbidden', reason: 'The X-Twilio-Signature does not match this address and body' };
  return { form, account };
}

/** Reads a post to a conference call's address, signed by our first account or the failover one. */
export function parseConferenceCallback(request: TwilioCallbackRequest, tokens: TwilioAccountTokens): ConferenceCallback {
  const signed = signedFormOf(request, tokens);
  if ('kind' in signed) return signed;
  const { form, account } = signed;
  const deliveryId = deliveryIdOfCallbackUrl(request.url);
  if (!deliveryId) return { kind: 'invalid', reason: 'The address names no delivery' };
  const callSid = form['CallSid'];
  if (!callSid) return { kind: 'invalid', reason: 'The request names no call (CallSid)' };
  const digits = form['Digits'];
  if (digits !== undefined) return { kind: 'pressed', deliveryId, callSid, digits, account };
  return { kind: 'answered', deliveryId, callSid, ...(form['AnsweredBy'] ? { answeredBy: form['AnsweredBy'] } : {}), account };
}

/** A session's bridge's recording address: `<PUBLIC_URL>/api/provider_callback/twilio/conference_recording/<session id>`. */
export const conferenceRecordingCallbackUrlOf = (publicUrl: string, sessionId: string) =>
  `${publicUrl.replace(/\/+$/, '')}${ROUTES.twilioConferenceRecording.path.replace(':session_id', encodeURIComponent(sessionId))}`;

/**
 * What Twilio posts to a bridge's recording address (its recordingStatusCallback), read after its
 * signature is checked: a recording complete (its RecordingSid, RecordingUrl and RecordingDuration in
 * seconds), or another status (in progress, absent: nothing to keep), or forbidden or invalid.
 */
export type RecordingCallback =
  | { readonly kind: 'completed'; readonly recordingSid: string; readonly recordingUrl: string; readonly durationSeconds: number | null; readonly account: 'first' | 'failover' }
  | { readonly kind: 'other'; readonly status: string }
  | { readonly kind: 'forbidden'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

export function parseRecordingCallback(request: TwilioCallbackRequest, tokens: TwilioAccountTokens): RecordingCallback {
  const signed = signedFormOf(request, tokens);
  if ('kind' in signed) return signed;
  const { form, account } = signed;
  const status = form['RecordingStatus'] ?? '';
  if (status !== 'completed') return { kind: 'other', status };
  const recordingSid = form['RecordingSid'];
  const recordingUrl = form['RecordingUrl'];
  if (!recordingSid || !/^RE[0-9a-fA-F]{32}$/.test(recordingSid)) return { kind: 'invalid', reason: 'The request names no recording (RecordingSid)' };
  if (!recordingUrl) return { kind: 'invalid', reason: 'The request has no RecordingUrl' };
  const duration = Number(form['RecordingDuration']);
  return { kind: 'completed', recordingSid, recordingUrl, durationSeconds: Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null, account };
}
