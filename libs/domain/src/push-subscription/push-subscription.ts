import type { Decider } from '../shared/decider';
import type { PushSubscriptionEvent, PushSubscriptionKeys, PushSubscriptionRemovalReason } from './push-subscription.events';

/*
 * The browsers a user gets push messages on (spec part 2 §1 "PWA push", §3 use_pwa): one stream per
 * user, as a user has a handful of browsers and each send reads them from the read model.
 */

/** Browsers one user keeps: registering one more removes the oldest (reason replaced). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export interface RegisterPushSubscription {
  readonly type: 'RegisterPushSubscription';
  readonly data: {
    userId: string;
    /** The id a new browser is given (a browser already registered keeps its own). */
    subscriptionId: string;
    endpoint: string;
    keys: PushSubscriptionKeys;
    now: string;
  };
}

/** Removes the browser with this endpoint, or with this id (the gone subscriptions are known by id). */
export interface RemovePushSubscription {
  readonly type: 'RemovePushSubscription';
  readonly data: { userId: string; endpoint?: string; subscriptionId?: string; reason: PushSubscriptionRemovalReason; now: string };
}

export type PushSubscriptionCommand = RegisterPushSubscription | RemovePushSubscription;

export interface RegisteredPushSubscription {
  readonly subscriptionId: string;
  readonly endpoint: string;
  readonly keys: PushSubscriptionKeys;
  readonly registeredAt: string;
}

export interface PushSubscriptionsState {
  /** Oldest first. */
  readonly subscriptions: readonly RegisteredPushSubscription[];
}

/**
 * The same browser registering again with the same keys records nothing (the console registers on every
 * switch-on and page load); with new keys it is registered again under its id. A new browser beyond
 * PUSH_SUBSCRIPTIONS_PER_USER removes the oldest first.
 */
function register(command: RegisterPushSubscription, state: PushSubscriptionsState): PushSubscriptionEvent[] {
  const { userId, endpoint, keys, now } = command.data;
  const known = state.subscriptions.find((subscription) => subscription.endpoint === endpoint);
  if (known && known.keys.p256dh === keys.p256dh && known.keys.auth === keys.auth) return [];
  const subscriptionId = known?.subscriptionId ?? command.data.subscriptionId;
  const replaced = known ? [] : state.subscriptions.slice(0, Math.max(0, state.subscriptions.length - PUSH_SUBSCRIPTIONS_PER_USER + 1));
  return [
    ...replaced.map((old): PushSubscriptionEvent => ({
      type: 'PushSubscriptionRemoved',
      data: { userId, subscriptionId: old.subscriptionId, endpoint: old.endpoint, reason: 'replaced', removedAt: now },
    })),
    { type: 'PushSubscriptionRegistered', data: { userId, subscriptionId, endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, registeredAt: now } },
  ];
}

/** Removing a browser that is not registered records nothing: unsubscribing twice, or a gone one already removed. */
function remove(command: RemovePushSubscription, state: PushSubscriptionsState): PushSubscriptionEvent[] {
  const { userId, endpoint, subscriptionId, reason, now } = command.data;
  const known = state.subscriptions.find((subscription) => (endpoint !== undefined && subscription.endpoint === endpoint) || (subscriptionId !== undefined && subscription.subscriptionId === subscriptionId));
  if (!known) return [];
  return [{ type: 'PushSubscriptionRemoved', data: { userId, subscriptionId: known.subscriptionId, endpoint: known.endpoint, reason, removedAt: now } }];
}

function decidePushSubscriptions(command: PushSubscriptionCommand, state: PushSubscriptionsState): PushSubscriptionEvent[] {
  switch (command.type) {
    case 'RegisterPushSubscription':
      return register(command, state);
    case 'RemovePushSubscription':
      return remove(command, state);
  }
}

function evolvePushSubscriptions(state: PushSubscriptionsState, event: PushSubscriptionEvent): PushSubscriptionsState {
  const others = state.subscriptions.filter((subscription) => subscription.subscriptionId !== event.data.subscriptionId);
  switch (event.type) {
    case 'PushSubscriptionRegistered': {
      const { subscriptionId, endpoint, keys, registeredAt } = event.data;
      return { subscriptions: [...others, { subscriptionId, endpoint, keys, registeredAt }] };
    }
    case 'PushSubscriptionRemoved':
      return { subscriptions: others };
  }
}

export const pushSubscriptionsDecider: Decider<PushSubscriptionCommand, PushSubscriptionEvent, PushSubscriptionsState> = {
  decide: decidePushSubscriptions,
  evolve: evolvePushSubscriptions,
  initialState: () => ({ subscriptions: [] }),
};

/**
 * The code of a push refused because its push service no longer has the browser (404 or 410): the
 * web-push provider answers it, and the browser is removed (reason gone) so it is not sent to again.
 */
export const PUSH_SUBSCRIPTION_GONE = 'subscription-gone';

/** The stream of one user's browsers. */
export const pushSubscriptionsStream = (userId: string) => `push_subscriptions-${userId}`;

/**
 * The device id of a browser in a delivery id (`<session>.<recipient>.<device>.<attempt>`): shaped as a
 * field's device (`<id>:PUSH`), so whatever reads delivery ids finds its channel, and a gone answer its
 * subscription.
 */
export const pushDeviceId = (subscriptionId: string) => `${subscriptionId}:PUSH`;

/** The subscription id of a push device id (undefined for any other device). */
export const subscriptionIdOfPushDevice = (deviceId: string): string | undefined => (deviceId.endsWith(':PUSH') ? deviceId.slice(0, -':PUSH'.length) || undefined : undefined);

/** What the web-push provider is given as a push delivery's address: the browser's PushSubscription JSON. */
export const pushAddressOf = (subscription: { readonly endpoint: string; readonly keys: PushSubscriptionKeys }) =>
  JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } });
