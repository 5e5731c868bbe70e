import { CONFERENCE_DECLINE_DIGIT } from './conference';
import type { DeliveryStatus } from './delivery-status';
import { nextAttemptId, type PlannedDelivery } from './message-session-page';

/**
 * A follow-up send within a session: more deliveries of the same message, after the plan. A resend
 * (the user's "resend to those with no reply"), the auto-retry (the message's `auto_retry`, once,
 * `auto_retry_minutes` after the plan) and a sequence's next device (`sequence_time` after the last).
 */
export const FOLLOW_UP_KINDS = ['resend', 'auto_retry', 'sequence'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

/** The reply labels a resend may name (spec §3 "Reply labels"); "Excluded Users" were never sent to. */
export const RESEND_REPLIES = ['No Response', 'Delivery Failure'] as const;
export type ResendReply = (typeof RESEND_REPLIES)[number];

/** One person's delivery as it stands (its latest attempt), as the follow-up rules read it. */
export interface RecipientDelivery {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly deviceId: string;
  readonly channel: string;
  readonly status: DeliveryStatus;
  /** Where it went (null when no answer told it: the recipient's current value is used). */
  readonly address: string | null;
  /** The reply recorded, if any (a conference's declines are replies "2"). */
  readonly reply?: string | null;
}

/** A delivery a follow-up queues: a first attempt on a new device, or a new attempt of an answered one. */
export interface FollowUpDelivery extends PlannedDelivery {
  /** The attempt this one replaces (it no longer counts in the session's progress). */
  readonly supersedes?: string;
}

/** Teams and Slack webhooks are channels, not people: nobody there can reply, so no follow-up goes to them. */
export const isPersonDelivery = (delivery: Pick<RecipientDelivery, 'deviceId'>) => delivery.deviceId.includes(':');

const FAILED: ReadonlySet<DeliveryStatus> = new Set(['failed', 'timed_out']);
const FINAL_UNREPLIED: ReadonlySet<DeliveryStatus> = new Set(['delivered', 'failed', 'timed_out']);

/**
 * Whether a delivery's reply is a response: any reply, except in a conference session a reply "2"
 * (a declined conference call), which the spec counts as not responded (§3).
 */
const responded = (delivery: Pick<RecipientDelivery, 'status' | 'reply'>, conference: boolean) =>
  delivery.status === 'replied' && !(conference && delivery.reply?.trim() === CONFERENCE_DECLINE_DIGIT);

/**
 * A person's reply label in the session's report (spec §3): their reply when any device replied;
 * "Delivery Failure" when every delivery failed or timed out; else "No Response" (delivered, or still
 * on its way, and nobody answered). In a conference session a reply "2" (declined) is no response.
 */
export function replyLabelOf(deliveries: readonly Pick<RecipientDelivery, 'status' | 'reply'>[], conference = false): 'replied' | ResendReply {
  if (deliveries.some((delivery) => responded(delivery, conference))) return 'replied';
  return deliveries.length > 0 && deliveries.every((delivery) => FAILED.has(delivery.status)) ? 'Delivery Failure' : 'No Response';
}

/**
 * Whether a person has answered, for the auto-retry and a sequence: a reply on any device (an SMS
 * reply, a key pressed in a call, a reply the simulator makes), or a voice call delivered (picked up:
 * a call connected is as far as anyone can tell it was heard). An email, push or text delivered is
 * not an answer: nobody knows it was read. In a conference (its recall) only a choice is an answer,
 * joined or declined: a call picked up by a machine, or hung up without a choice, connected nobody.
 */
export const hasAnswered = (deliveries: readonly Pick<RecipientDelivery, 'status' | 'channel'>[], conference = false) =>
  deliveries.some((delivery) => delivery.status === 'replied' || (!conference && delivery.channel === 'VOICE' && delivery.status === 'delivered'));

/** The new attempt of an answered delivery, replacing it. */
const againOf = (delivery: RecipientDelivery, address: string): FollowUpDelivery => ({
  deliveryId: nextAttemptId(delivery.deliveryId),
  recipientId: delivery.recipientId,
  deviceId: delivery.deviceId,
  channel: delivery.channel as PlannedDelivery['channel'],
  address,
  supersedes: delivery.deliveryId,
});

/**
 * Who is sent to again: those with the reply label a resend names, or those who have not answered
 * (auto-retry, and a conference's recall); `conference` reads replies and answers as a conference does.
 */
export type AgainRule = ({ readonly kind: 'resend'; readonly reply: ResendReply } | { readonly kind: 'auto_retry' }) & { readonly conference?: boolean };

/**
 * A person's deliveries sent again by a resend or the auto-retry: every one of their devices whose
 * latest attempt has a final answer (delivered, failed, timed out), when the person is chosen. One
 * still on its way (queued, sending, sent, being checked) is left to finish: sending it again would
 * send twice. `addressOf` gives the person's current value where the answer did not tell the address.
 */
export function attemptsAgain(rule: AgainRule, deliveries: readonly RecipientDelivery[], addressOf: (delivery: RecipientDelivery) => string | null = () => null): FollowUpDelivery[] {
  const people = deliveries.filter(isPersonDelivery);
  if (!people.length) return [];
  const conference = rule.conference ?? false;
  const chosen = rule.kind === 'resend' ? replyLabelOf(people, conference) === rule.reply : !hasAnswered(people, conference);
  if (!chosen) return [];
  return people.flatMap((delivery) => {
    // A declined conference call is final and no response: a resend calls it again.
    if (!FINAL_UNREPLIED.has(delivery.status) && !(delivery.status === 'replied' && !responded(delivery, conference))) return [];
    const address = delivery.address ?? addressOf(delivery);
    return address ? [againOf(delivery, address)] : [];
  });
}
