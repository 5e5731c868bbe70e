import { PUSH_SUBSCRIPTION_GONE, subscriptionIdOfPushDevice, type DispatchesSent, type PushSubscriptionEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SYSTEM_TENANT, type DocumentChange } from '@beacon/read-store';
import {
  GONE_PUSH_SUBSCRIPTIONS,
  GONE_PUSH_SUBSCRIPTION_INDEXES,
  PUSH_SUBSCRIPTIONS,
  PUSH_SUBSCRIPTIONS_PROJECTION,
  PUSH_SUBSCRIPTION_INDEXES,
  type GonePushSubscriptionDocument,
  type PushSubscriptionDocument,
} from '../shared/read-models/push-subscriptions.read-model';

const EVENTS: ReadonlySet<string> = new Set(['PushSubscriptionRegistered', 'PushSubscriptionRemoved', 'DispatchesSent']);

/**
 * The browsers a send is pushed to: a message with use_pwa on plans a push delivery to each of a
 * recipient's (session-plan.ts). A push service's gone answer (the web-push provider's
 * `subscription-gone`) takes the browser out of the next plans at once and puts it on the work list
 * whose removal the GonePushSubscriptions poller records; the removal takes it off both.
 */
function gone(event: DispatchesSent, tenantId: string): DocumentChange[] {
  return event.data.outcomes.flatMap((outcome): DocumentChange[] => {
    if (outcome.kind !== 'refused' || outcome.code !== PUSH_SUBSCRIPTION_GONE) return [];
    const [, userId = '', deviceId = ''] = outcome.deliveryId.split('.');
    const subscriptionId = subscriptionIdOfPushDevice(deviceId);
    if (!subscriptionId || !userId) return [];
    return [
      { collection: PUSH_SUBSCRIPTIONS, tenantId, id: subscriptionId, apply: (current) => current && { ...(current as PushSubscriptionDocument), gone: true } },
      {
        collection: GONE_PUSH_SUBSCRIPTIONS,
        tenantId: SYSTEM_TENANT,
        id: subscriptionId,
        apply: (current): GonePushSubscriptionDocument => (current as GonePushSubscriptionDocument | null) ?? { _id: subscriptionId, tenant_id: tenantId, user_id: userId, gone_at: event.data.at },
      },
    ];
  });
}

export const pushSubscriptionsProjection: ProjectionDefinition = {
  name: PUSH_SUBSCRIPTIONS_PROJECTION,
  collections: [PUSH_SUBSCRIPTIONS, GONE_PUSH_SUBSCRIPTIONS],
  indexes: { [PUSH_SUBSCRIPTIONS]: PUSH_SUBSCRIPTION_INDEXES, [GONE_PUSH_SUBSCRIPTIONS]: GONE_PUSH_SUBSCRIPTION_INDEXES },
  project(recorded: RecordedEvent): DocumentChange[] {
    if (!EVENTS.has(recorded.type)) return [];
    const tenantId = String(recorded.metadata.tenantId);
    if (recorded.type === 'DispatchesSent') return gone({ type: 'DispatchesSent', data: recorded.data } as DispatchesSent, tenantId);
    const event = { type: recorded.type, data: recorded.data } as PushSubscriptionEvent;
    const { subscriptionId } = event.data;
    switch (event.type) {
      case 'PushSubscriptionRegistered': {
        const { userId, endpoint, keys, registeredAt } = event.data;
        const document: PushSubscriptionDocument = { _id: subscriptionId, user_id: userId, endpoint, keys, registered_at: registeredAt, gone: false };
        // Registered again (new keys) after a gone answer: it is a working browser again.
        return [
          { collection: PUSH_SUBSCRIPTIONS, tenantId, id: subscriptionId, apply: () => document },
          { collection: GONE_PUSH_SUBSCRIPTIONS, tenantId: SYSTEM_TENANT, id: subscriptionId, apply: () => null },
        ];
      }
      case 'PushSubscriptionRemoved':
        return [
          { collection: PUSH_SUBSCRIPTIONS, tenantId, id: subscriptionId, apply: () => null },
          { collection: GONE_PUSH_SUBSCRIPTIONS, tenantId: SYSTEM_TENANT, id: subscriptionId, apply: () => null },
        ];
    }
  },
};
