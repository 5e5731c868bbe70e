import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { EventFields } from '../shared/activity';
import { pushSubscriptionActivity } from './push-subscription.activity';
import {
  PUSH_SUBSCRIPTIONS_PER_USER,
  pushAddressOf,
  pushDeviceId,
  pushSubscriptionsDecider,
  pushSubscriptionsStream,
  subscriptionIdOfPushDevice,
  type RegisterPushSubscription,
} from './push-subscription';
import type { PushSubscriptionEvent } from './push-subscription.events';

const T0 = '2026-11-26T10:00:00.000Z';
const T1 = '2026-11-26T11:00:00.000Z';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

const register = (overrides: Partial<RegisterPushSubscription['data']> = {}): RegisterPushSubscription => ({
  type: 'RegisterPushSubscription',
  data: { userId: 'u1', subscriptionId: 's1', endpoint: 'https://push.example.test/1', keys: KEYS, now: T0, ...overrides },
});
const registered = (id: string, endpoint: string, at = T0): PushSubscriptionEvent => ({
  type: 'PushSubscriptionRegistered',
  data: { userId: 'u1', subscriptionId: id, endpoint, keys: KEYS, registeredAt: at },
});

describe('push subscriptions decider', () => {
  it("registers a browser under the command's id", () => {
    expect(given(pushSubscriptionsDecider, []).when(register())).toEqual([registered('s1', 'https://push.example.test/1')]);
  });

  it('records nothing when the same browser registers again with the same keys', () => {
    expect(given(pushSubscriptionsDecider, [registered('s1', 'https://push.example.test/1')]).when(register({ subscriptionId: 's2', now: T1 }))).toEqual([]);
  });

  it('registers the same browser with new keys again under its own id', () => {
    const keys = { p256dh: 'B'.repeat(86) + 'C', auth: 'b'.repeat(22) };
    expect(given(pushSubscriptionsDecider, [registered('s1', 'https://push.example.test/1')]).when(register({ subscriptionId: 's2', keys, now: T1 }))).toEqual([
      { type: 'PushSubscriptionRegistered', data: { userId: 'u1', subscriptionId: 's1', endpoint: 'https://push.example.test/1', keys, registeredAt: T1 } },
    ]);
  });

  it('keeps several browsers of one user, and removes the oldest when one more than it keeps registers', () => {
    const history = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER }, (_, index) => registered(`s${index}`, `https://push.example.test/${index}`));
    expect(given(pushSubscriptionsDecider, history.slice(1)).when(register({ subscriptionId: 'new', endpoint: 'https://push.example.test/new' }))).toEqual([
      registered('new', 'https://push.example.test/new'),
    ]);
    expect(given(pushSubscriptionsDecider, history).when(register({ subscriptionId: 'new', endpoint: 'https://push.example.test/new', now: T1 }))).toEqual([
      { type: 'PushSubscriptionRemoved', data: { userId: 'u1', subscriptionId: 's0', endpoint: 'https://push.example.test/0', reason: 'replaced', removedAt: T1 } },
      registered('new', 'https://push.example.test/new', T1),
    ]);
  });

  it('removes a browser by its endpoint (unsubscribed) or by its id (gone), once', () => {
    const history = [registered('s1', 'https://push.example.test/1'), registered('s2', 'https://push.example.test/2')];
    const unsubscribed = { type: 'PushSubscriptionRemoved', data: { userId: 'u1', subscriptionId: 's1', endpoint: 'https://push.example.test/1', reason: 'unsubscribed', removedAt: T1 } } as const;
    expect(given(pushSubscriptionsDecider, history).when({ type: 'RemovePushSubscription', data: { userId: 'u1', endpoint: 'https://push.example.test/1', reason: 'unsubscribed', now: T1 } })).toEqual([unsubscribed]);
    expect(given(pushSubscriptionsDecider, history).when({ type: 'RemovePushSubscription', data: { userId: 'u1', subscriptionId: 's2', reason: 'gone', now: T1 } })).toEqual([
      { type: 'PushSubscriptionRemoved', data: { userId: 'u1', subscriptionId: 's2', endpoint: 'https://push.example.test/2', reason: 'gone', removedAt: T1 } },
    ]);
    expect(given(pushSubscriptionsDecider, [...history, unsubscribed]).when({ type: 'RemovePushSubscription', data: { userId: 'u1', endpoint: 'https://push.example.test/1', reason: 'unsubscribed', now: T1 } })).toEqual([]);
    expect(given(pushSubscriptionsDecider, []).when({ type: 'RemovePushSubscription', data: { userId: 'u1', subscriptionId: 's9', reason: 'gone', now: T1 } })).toEqual([]);
  });

  it("names streams, push devices and the provider's address", () => {
    expect(pushSubscriptionsStream('u1')).toBe('push_subscriptions-u1');
    expect(pushDeviceId('s1')).toBe('s1:PUSH');
    expect(subscriptionIdOfPushDevice('s1:PUSH')).toBe('s1');
    expect(subscriptionIdOfPushDevice('f1:SMS')).toBeUndefined();
    expect(JSON.parse(pushAddressOf({ endpoint: 'https://push.example.test/1', keys: KEYS }))).toEqual({ endpoint: 'https://push.example.test/1', keys: KEYS });
  });

  it("tells the activity log the push service's host, never the browser's address or keys", () => {
    const [event] = [registered('s1', 'https://push.example.test/secret-path')];
    const described = pushSubscriptionActivity.PushSubscriptionRegistered!(new EventFields(event!.data as unknown as Record<string, unknown>), { type: event!.type, data: event!.data, metadata: {} });
    expect(described.summary).toBe('Turned on push notifications in a browser (push.example.test)');
    expect(JSON.stringify(described)).not.toContain('secret-path');
    expect(described.targetUserId).toBe('u1');
  });
});
