import twilio from 'twilio';
import type { DeliveryReport, ReportedStatus } from '../channel-provider';
import { deliveryIdOfCallbackUrl } from './twilio-callback-url';
import { twilioErrorWords } from './twilio-error-codes';

/** One request Twilio made to us: a message's or a call's status callback, or an incoming SMS. */
export interface TwilioCallbackRequest {
  /**
   * The full address Twilio posted to, as Twilio saw it (the public scheme, host and port, the path and
   * any query string): the signature covers it. Behind a proxy, build it from the configured public
   * base, not from the Host header.
   */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The form body: as received (application/x-www-form-urlencoded), or as the HTTP layer parsed it. */
  readonly body: string | Readonly<Record<string, unknown>>;
}

/**
 * An SMS someone sent to one of our numbers. It comes to the number's (or messaging service's) incoming
 * webhook, which is one address for every message, so nothing in it names a delivery: the sending side
 * ties it to the latest delivery sent to `from` from `to` (or the messaging service) and then records
 * `repliedReport(reply, thatDelivery)`.
 */
export interface InboundReply {
  readonly providerMessageId: string;
  /** The person's number. */
  readonly from: string;
  /** Our number it was sent to. */
  readonly to: string;
  readonly messagingServiceSid?: string;
  readonly text: string;
  readonly at: string;
}

/**
 * What a callback request is, for the HTTP layer to answer:
 * - report / reply: record it, answer 200 (or 204);
 * - ignored: a status we do not track (`receiving`, a future one), answer 200 so Twilio does not log errors;
 * - forbidden: the X-Twilio-Signature is missing or wrong, answer 403 and record nothing;
 * - invalid: signed, but not a shape we read (no status, no delivery id in the address), answer 400.
 */
export type TwilioCallback =
  | { readonly kind: 'report'; readonly report: DeliveryReport }
  | { readonly kind: 'reply'; readonly reply: InboundReply }
  | { readonly kind: 'ignored'; readonly reason: string }
  | { readonly kind: 'forbidden'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly reason: string };

const MESSAGE_STATUS: Readonly<Record<string, ReportedStatus>> = {
  accepted: 'sent',
  scheduled: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

const CALL_STATUS: Readonly<Record<string, ReportedStatus>> = {
  queued: 'sent',
  initiated: 'sent',
  ringing: 'sent',
  'in-progress': 'sent',
  // The call was answered (by the person or their voicemail) and the text was spoken.
  completed: 'delivered',
  busy: 'failed',
  'no-answer': 'failed',
  failed: 'failed',
  canceled: 'failed',
};

const CALL_FAILURE_WORDS: Readonly<Record<string, string>> = {
  busy: 'The line was busy',
  'no-answer': 'No one answered the call',
  failed: 'The call could not be placed',
  canceled: 'The call was cancelled before it was answered',
};

/**
 * Reads one request from Twilio after checking its X-Twilio-Signature (HMAC-SHA1 of the address and the
 * sorted form fields, keyed with the account's auth token; `twilio.validateRequest` compares in constant
 * time). Message statuses: queued/sending/sent → sent, delivered → delivered, undelivered/failed →
 * failed with the ErrorCode's words. Call statuses: initiated/ringing/in-progress → sent, completed →
 * delivered, busy/no-answer/failed/canceled → failed. A form with a Body and no status is an incoming SMS.
 */
export function parseTwilioCallback(request: TwilioCallbackRequest, authToken: string, receivedAt: Date = new Date()): TwilioCallback {
  const params = formOf(request.body);
  const signature = headerOf(request.headers, 'x-twilio-signature');
  if (!signature) return { kind: 'forbidden', reason: 'The request has no X-Twilio-Signature' };
  if (!twilio.validateRequest(authToken, signature, request.url, params)) {
    return { kind: 'forbidden', reason: 'The X-Twilio-Signature does not match this address and body' };
  }
  const field = (name: string) => {
    const value = params[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const at = receivedAt.toISOString();

  const messageStatus = field('MessageStatus');
  const callStatus = field('CallStatus');
  if (!messageStatus && !callStatus) {
    const messageSid = field('MessageSid');
    const from = field('From');
    const to = field('To');
    const text = typeof params['Body'] === 'string' ? params['Body'] : undefined;
    if (messageSid && from && to && text !== undefined) {
      const messagingServiceSid = field('MessagingServiceSid');
      return { kind: 'reply', reply: { providerMessageId: messageSid, from, to, text, at, ...(messagingServiceSid ? { messagingServiceSid } : {}) } };
    }
    return { kind: 'invalid', reason: 'Neither a MessageStatus, a CallStatus nor an incoming message' };
  }

  const deliveryId = deliveryIdOfCallbackUrl(request.url);
  if (!deliveryId) return { kind: 'invalid', reason: 'The callback address names no delivery' };

  if (messageStatus) {
    const providerMessageId = field('MessageSid') ?? field('SmsSid');
    if (!providerMessageId) return { kind: 'invalid', reason: 'The message status has no MessageSid' };
    const status = MESSAGE_STATUS[messageStatus];
    if (!status) return { kind: 'ignored', reason: `Message status "${messageStatus}" is not tracked` };
    const report: DeliveryReport = { deliveryId, providerMessageId, status, at };
    if (status !== 'failed') return { kind: 'report', report };
    const code = integerOf(field('ErrorCode'));
    const reason = code === undefined ? (field('ErrorMessage') ?? `Twilio reported the message ${messageStatus}`) : twilioErrorWords(code, field('ErrorMessage'));
    return { kind: 'report', report: { ...report, reason } };
  }

  const providerMessageId = field('CallSid');
  if (!providerMessageId) return { kind: 'invalid', reason: 'The call status has no CallSid' };
  const status = CALL_STATUS[callStatus!];
  if (!status) return { kind: 'ignored', reason: `Call status "${callStatus}" is not tracked` };
  const timestamp = Date.parse(field('Timestamp') ?? '');
  const report: DeliveryReport = { deliveryId, providerMessageId, status, at: Number.isNaN(timestamp) ? at : new Date(timestamp).toISOString() };
  if (status !== 'failed') return { kind: 'report', report };
  const code = integerOf(field('ErrorCode'));
  const words = CALL_FAILURE_WORDS[callStatus!]!;
  return { kind: 'report', report: { ...report, reason: code === undefined ? words : `${words}: ${twilioErrorWords(code, field('ErrorMessage'))}` } };
}

/** The report that records a reply once the sending side has found the delivery it answers. */
export function repliedReport(reply: InboundReply, delivery: { readonly deliveryId: string; readonly providerMessageId: string }): DeliveryReport {
  return { deliveryId: delivery.deliveryId, providerMessageId: delivery.providerMessageId, status: 'replied', reply: reply.text, at: reply.at };
}

/** The form's fields as Twilio signed them: strings, or lists for a repeated field. */
export function formOf(body: TwilioCallbackRequest['body']): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  const add = (key: string, value: string) => {
    const existing = form[key];
    form[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  };
  if (typeof body === 'string') {
    for (const [key, value] of new URLSearchParams(body)) add(key, value);
    return form;
  }
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) value.forEach((item) => add(key, String(item)));
    else if (value !== undefined && value !== null) add(key, String(value));
  }
  return form;
}

export function headerOf(headers: TwilioCallbackRequest['headers'], name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return typeof value === 'string' ? value : value?.[0];
}

function integerOf(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}
