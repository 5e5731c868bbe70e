import type { PushSubscriptionKeys } from '@beacon/domain';
import type { Document, IndexSpec } from '@beacon/read-store';

/** One document per registered browser, in its organisation's scope; its id the subscription's. */
export const PUSH_SUBSCRIPTIONS = 'push_subscriptions';
/**
 * Browsers whose push service answered that they are gone, of every tenant, in the system scope (one
 * document per subscription): their removal is recorded from here, and they leave once it is.
 */
export const GONE_PUSH_SUBSCRIPTIONS = 'gone_push_subscriptions';
export const PUSH_SUBSCRIPTIONS_PROJECTION = 'push-subscriptions';

export interface PushSubscriptionDocument extends Document {
  user_id: string;
  endpoint: string;
  keys: PushSubscriptionKeys;
  registered_at: string;
  /** Its push service answered gone (404/410): not sent to again, while its removal is being recorded. */
  gone: boolean;
}

export interface GonePushSubscriptionDocument extends Document {
  tenant_id: string;
  user_id: string;
  gone_at: string;
}

export const PUSH_SUBSCRIPTION_INDEXES: readonly IndexSpec[] = [{ keys: { user_id: 1 }, name: 'push_subscriptions_by_user' }];
export const GONE_PUSH_SUBSCRIPTION_INDEXES: readonly IndexSpec[] = [{ keys: { gone_at: 1 }, name: 'gone_push_subscriptions_oldest' }];
