import type { DomainEvent } from '../shared/decider';

export const PUSH_SUBSCRIPTION_EVENT_VERSIONS = {
  PushSubscriptionRegistered: 1,
  PushSubscriptionRemoved: 1,
} as const;

/** A browser's push keys (its PushSubscription's `keys`, base64url): the payload is encrypted for them. */
export interface PushSubscriptionKeys {
  readonly p256dh: string;
  readonly auth: string;
}

/**
 * Why a browser no longer gets push messages: its user turned notifications off there (unsubscribed),
 * its push service answered that the subscription is gone (404 or 410), or the user registered more
 * browsers than they may keep and it was the oldest (replaced).
 */
export const PUSH_SUBSCRIPTION_REMOVAL_REASONS = ['unsubscribed', 'gone', 'replaced'] as const;
export type PushSubscriptionRemovalReason = (typeof PUSH_SUBSCRIPTION_REMOVAL_REASONS)[number];

/**
 * A browser of `userId` gets push messages at `endpoint` (its push service's address for it). A browser
 * that subscribes again with new keys is registered again under the same id.
 */
export type PushSubscriptionRegistered = DomainEvent<
  'PushSubscriptionRegistered',
  { userId: string; subscriptionId: string; endpoint: string; keys: PushSubscriptionKeys; registeredAt: string }
>;

/** The browser gets no more push messages. */
export type PushSubscriptionRemoved = DomainEvent<
  'PushSubscriptionRemoved',
  { userId: string; subscriptionId: string; endpoint: string; reason: PushSubscriptionRemovalReason; removedAt: string }
>;

export type PushSubscriptionEvent = PushSubscriptionRegistered | PushSubscriptionRemoved;
