import { describe, expect, it } from '@jest/globals';
import { SYSTEM_TENANT, type Document } from '@beacon/read-store';
import type { RecordedEvent } from '@beacon/event-store';
import { GONE_PUSH_SUBSCRIPTIONS, PUSH_SUBSCRIPTIONS } from '../shared/read-models/push-subscriptions.read-model';
import { pushSubscriptionsProjection } from './push-subscriptions.projection';

let position = 0;
const recorded = (type: string, data: object): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { tenantId: 't1' },
  streamName: 's',
  revision: 0,
  position,
  recordedAt: '2026-11-26T10:00:00.000Z',
});

/** The documents the projection leaves after the events, by `<tenant>/<collection>/<id>`. */
function fold(events: readonly RecordedEvent[]): Map<string, Document> {
  const documents = new Map<string, Document>();
  for (const event of events) {
    for (const change of pushSubscriptionsProjection.project(event)) {
      const key = `${change.tenantId}/${change.collection}/${change.id}`;
      const next = change.apply(documents.get(key) ?? null);
      if (next) documents.set(key, next);
      else documents.delete(key);
    }
  }
  return documents;
}

const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const registered = (id: string, userId = 'u1') =>
  recorded('PushSubscriptionRegistered', { userId, subscriptionId: id, endpoint: `https://push.example.test/${id}`, keys: KEYS, registeredAt: '2026-11-26T10:00:00.000Z' });
const removed = (id: string, reason: string) => recorded('PushSubscriptionRemoved', { userId: 'u1', subscriptionId: id, endpoint: `https://push.example.test/${id}`, reason, removedAt: '2026-11-26T11:00:00.000Z' });
const sent = (outcomes: object[]) => recorded('DispatchesSent', { sessionId: 'S', partition: 0, workerId: 'w', at: '2026-11-26T10:30:00.000Z', outcomes });
const gone = (id: string, userId = 'u1') => ({ deliveryId: `S.${userId}.${id}:PUSH.1`, provider: 'web-push', kind: 'refused', permanent: true, code: 'subscription-gone', reason: 'gone' });

describe('push subscriptions projection', () => {
  it("keeps each user's browsers, several per user, in the organisation's scope", () => {
    const documents = fold([registered('s1'), registered('s2'), registered('s3', 'u2')]);
    expect(documents.get(`t1/${PUSH_SUBSCRIPTIONS}/s1`)).toEqual({ _id: 's1', user_id: 'u1', endpoint: 'https://push.example.test/s1', keys: KEYS, registered_at: '2026-11-26T10:00:00.000Z', gone: false });
    expect([...documents.keys()].sort()).toEqual([`t1/${PUSH_SUBSCRIPTIONS}/s1`, `t1/${PUSH_SUBSCRIPTIONS}/s2`, `t1/${PUSH_SUBSCRIPTIONS}/s3`]);
  });

  it('drops a browser unsubscribed', () => {
    expect(fold([registered('s1'), removed('s1', 'unsubscribed')]).size).toBe(0);
  });

  it('marks a browser its push service answered gone and lists it for removal, until its removal is recorded', () => {
    const answered = fold([registered('s1'), registered('s2'), sent([gone('s1'), { deliveryId: 'S.u1.f1:SMS.1', provider: 'twilio', kind: 'refused', permanent: true, code: '21211' }])]);
    expect(answered.get(`t1/${PUSH_SUBSCRIPTIONS}/s1`)).toMatchObject({ gone: true });
    expect(answered.get(`t1/${PUSH_SUBSCRIPTIONS}/s2`)).toMatchObject({ gone: false });
    expect(answered.get(`${SYSTEM_TENANT}/${GONE_PUSH_SUBSCRIPTIONS}/s1`)).toEqual({ _id: 's1', tenant_id: 't1', user_id: 'u1', gone_at: '2026-11-26T10:30:00.000Z' });
    expect(answered.size).toBe(3);
    expect([...fold([registered('s1'), registered('s2'), sent([gone('s1')]), removed('s1', 'gone')]).keys()]).toEqual([`t1/${PUSH_SUBSCRIPTIONS}/s2`]);
  });

  it('takes a browser registered again after a gone answer off the list, and ignores other refusals', () => {
    expect([...fold([registered('s1'), sent([gone('s1')]), registered('s1')]).values()]).toEqual([expect.objectContaining({ _id: 's1', gone: false })]);
    expect(fold([registered('s1'), sent([{ ...gone('s1'), code: '413' }])]).get(`t1/${PUSH_SUBSCRIPTIONS}/s1`)).toMatchObject({ gone: false });
  });
});
