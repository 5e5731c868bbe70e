import { CONFERENCE_DECLINE_DIGIT } from './conference';
import type { DeliveryStatus } from './delivery-status';
import { replyLabelOf } from './follow-up';

/**
 * One person's line in a session's report (spec part 2 §3 "Message session, recipient and report"):
 * their state across their devices, their reply label, and for each failed device why, in words a
 * sender understands. Pure, over each device's latest attempt, so a report rebuilt by replay says
 * exactly what the live one said.
 */

/** The four delivery states the spec counts, and Pending for a person still waiting for an answer. */
export const RECIPIENT_STATES = ['Successful Delivery', 'Successful Connection', 'Conference Rejected', 'Delivery Failure', 'Pending'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** The spec's reply labels (§3); a person who replied is labelled with their reply. */
export const NO_RESPONSE = 'No Response';
export const DELIVERY_FAILURE = 'Delivery Failure';
export const EXCLUDED_USERS = 'Excluded Users';

/** Why a device failed, as a sender reads it: the provider's reason sorted into what can be done about it. */
export const FAILURE_KINDS = ['bounced', 'not_in_service', 'blocked', 'unreachable', 'timed_out', 'refused', 'no_device', 'unknown'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const FAILURE_KIND_WORDS: Readonly<Record<FailureKind, string>> = {
  bounced: 'Bounced: the mailbox does not exist or refused the message',
  not_in_service: 'Number not in service',
  blocked: 'Blocked by the carrier, the recipient or a filter',
  unreachable: 'Unreachable: the phone was off, busy or did not answer',
  timed_out: 'Timed out: no answer before the message timeout',
  refused: 'Refused by the provider',
  no_device: 'No device: the person holds no address for the message’s devices',
  unknown: 'Outcome unknown: the provider could not say whether it was delivered',
};

/** A device's latest attempt, as the report reads it. */
export interface ReportedDevice {
  readonly channel: string;
  readonly status: DeliveryStatus;
  readonly reply?: string | null;
  readonly reason?: string | null;
  /** An unknown outcome nothing will settle: final, the person is not waiting on it. */
  readonly final?: boolean;
}

const DELIVERED: ReadonlySet<DeliveryStatus> = new Set(['delivered', 'replied']);
const FAILED: ReadonlySet<DeliveryStatus> = new Set(['failed', 'timed_out']);

/** Whether the device has its last word: delivered, replied, failed, timed out, or an unknown nothing will settle. */
export const isSettledDevice = (device: ReportedDevice) => DELIVERED.has(device.status) || FAILED.has(device.status) || (device.status === 'unknown' && device.final === true);

/**
 * The person's state: Conference Rejected when, in a conference, their call was declined (reply "2");
 * Successful Delivery when a message (not a call) was delivered or answered; Successful Connection
 * when only a call connected; Delivery Failure when every device has failed, timed out or ended
 * unknown (or they have none); else Pending.
 */
export function recipientStateOf(devices: readonly ReportedDevice[], conference = false): RecipientState {
  if (conference && devices.some((device) => device.channel === 'VOICE' && device.status === 'replied' && device.reply?.trim() === CONFERENCE_DECLINE_DIGIT)) {
    return 'Conference Rejected';
  }
  const reached = devices.filter((device) => DELIVERED.has(device.status));
  if (reached.some((device) => device.channel !== 'VOICE')) return 'Successful Delivery';
  if (reached.length > 0) return 'Successful Connection';
  return devices.every(isSettledDevice) ? 'Delivery Failure' : 'Pending';
}

/**
 * The person's reply column: their latest reply; else the label a resend names them by (follow-up.ts),
 * "Delivery Failure" when every device failed or timed out (or they have none), else "No Response".
 * In a conference a reply "2" (declined) is no response.
 */
export function recipientReplyOf(devices: readonly (ReportedDevice & { readonly replied_at?: string | null })[], conference = false): string {
  if (devices.length === 0) return DELIVERY_FAILURE;
  const label = replyLabelOf(devices, conference);
  if (label !== 'replied') return label;
  const replies = devices
    .filter((device) => device.status === 'replied' && !(conference && device.reply?.trim() === CONFERENCE_DECLINE_DIGIT))
    .sort((a, b) => (b.replied_at ?? '').localeCompare(a.replied_at ?? ''));
  return replies[0]?.reply?.trim() || 'Responded';
}

/** Sorts a failure's reason (a provider's words, an SMTP or Twilio code) into a kind a sender understands. */
export function failureKindOf(status: DeliveryStatus, reason: string | null | undefined): FailureKind | null {
  if (status === 'timed_out') return 'timed_out';
  if (status === 'unknown') return 'unknown';
  if (status !== 'failed') return null;
  const text = (reason ?? '').toLowerCase();
  if (/\b(5\.1\.[0-9]|55[03]\b|user unknown|no such user|mailbox (unavailable|not found|does not exist)|bounce|undeliverable address|recipient address rejected)/.test(text)) return 'bounced';
  if (/\b(21211|21614|30005|30006|not in service|unallocated|invalid (phone )?number|not a (valid )?mobile|landline|unknown destination|unknown subscriber)/.test(text)) return 'not_in_service';
  if (/\b(21610|30004|30007|blocked|blacklist|spam|filtered|opted out|unsubscribed|stop)/.test(text)) return 'blocked';
  if (/\b(30003|busy|no answer|no-answer|unreachable|switched off|powered off|not reachable|gone|expired|410|404)/.test(text)) return 'unreachable';
  if (/timed? ?out|timeout/.test(text)) return 'timed_out';
  return 'refused';
}
