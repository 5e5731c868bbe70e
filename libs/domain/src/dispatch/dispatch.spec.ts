import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { given } from '../shared/given-when-then';
import type { ClaimDispatches } from './dispatch.commands';
import { CLAIMED_ELSEWHERE, TOO_MANY_CLAIMS, dispatchDecider } from './dispatch.decide';
import { dispatchActivity } from './dispatch.activity';
import { DISPATCH_EVENT_VERSIONS, type DispatchEvent, type DispatchOutcome } from './dispatch.events';

const T0 = '2026-11-26T10:00:00.000Z';
const LATER = '2026-11-26T10:05:00.000Z';
const claimBy = (workerId: string, deliveryIds: string[], now = T0, maxClaims = 3): ClaimDispatches => ({
  type: 'ClaimDispatches',
  data: { sessionId: 's1', partition: 2, workerId, now, leaseMs: 60_000, maxClaims, deliveryIds },
});
const claimed = (workerId: string, deliveryIds: string[], claimedAt = T0): DispatchEvent => ({
  type: 'DispatchesClaimed',
  data: { sessionId: 's1', partition: 2, workerId, claimedAt, deliveryIds },
});
const accepted = (deliveryId: string): DispatchOutcome => ({ deliveryId, provider: 'simulator', kind: 'accepted', providerMessageId: `p-${deliveryId}` });
const sent = (outcomes: DispatchOutcome[]): DispatchEvent => ({ type: 'DispatchesSent', data: { sessionId: 's1', partition: 2, workerId: 'w1', at: T0, outcomes } });

describe('the dispatch ledger', () => {
  it('claims deliveries it has never seen, once each', () => {
    expect(given(dispatchDecider, []).when(claimBy('w1', ['a', 'b', 'a']))).toEqual([claimed('w1', ['a', 'b'])]);
  });

  it('skips deliveries already answered: a redelivered batch sends nothing twice', () => {
    expect(given(dispatchDecider, [claimed('w1', ['a', 'b']), sent([accepted('a'), accepted('b')])]).when(claimBy('w2', ['a', 'b']))).toEqual([]);
  });

  it('leaves deliveries another worker holds under a running lease to be tried again later', () => {
    expect(() => given(dispatchDecider, [claimed('w1', ['a'])]).when(claimBy('w2', ['a'], '2026-11-26T10:00:30.000Z'))).toThrow(CLAIMED_ELSEWHERE);
  });

  it('puts in doubt, never resends, a delivery whose worker stopped before answering (lease over, or the same worker again)', () => {
    expect(given(dispatchDecider, [claimed('w1', ['a'])]).when(claimBy('w2', ['a', 'c'], LATER))).toEqual([
      claimed('w2', ['c'], LATER),
      { type: 'DispatchesInDoubt', data: { sessionId: 's1', partition: 2, workerId: 'w2', at: LATER, deliveryIds: ['a'] } },
    ]);
    expect(given(dispatchDecider, [claimed('w1', ['a'])]).when(claimBy('w1', ['a'], T0))).toEqual([
      { type: 'DispatchesInDoubt', data: { sessionId: 's1', partition: 2, workerId: 'w1', at: T0, deliveryIds: ['a'] } },
    ]);
  });

  it('marks the handover of this worker’s live claims only, once each', () => {
    const handOver = (workerId: string, deliveryIds: string[]) => ({ type: 'RecordHandovers', data: { workerId, at: T0, deliveryIds } }) as const;
    const history = [claimed('w1', ['a', 'b', 'c']), sent([accepted('c')])];
    expect(given(dispatchDecider, history).when(handOver('w1', ['a', 'a', 'c', 'z']))).toEqual([
      { type: 'DispatchesHandedOver', data: { sessionId: 's1', partition: 2, workerId: 'w1', at: T0, deliveryIds: ['a'] } },
    ]);
    expect(given(dispatchDecider, history).when(handOver('w2', ['a', 'b']))).toEqual([]);
    const marked: DispatchEvent = { type: 'DispatchesHandedOver', data: { sessionId: 's1', partition: 2, workerId: 'w1', at: T0, deliveryIds: ['a'] } };
    expect(given(dispatchDecider, [...history, marked]).when(handOver('w1', ['a']))).toEqual([]);
  });

  it('names, among deliveries in doubt, those whose handover to the provider had begun', () => {
    const marked: DispatchEvent = { type: 'DispatchesHandedOver', data: { sessionId: 's1', partition: 2, workerId: 'w1', at: T0, deliveryIds: ['a'] } };
    expect(given(dispatchDecider, [claimed('w1', ['a', 'b']), marked]).when(claimBy('w1', ['a', 'b']))).toEqual([
      { type: 'DispatchesInDoubt', data: { sessionId: 's1', partition: 2, workerId: 'w1', at: T0, deliveryIds: ['a', 'b'], handedOver: ['a'] } },
    ]);
    // A reclaim starts afresh: the mark was the earlier claim's.
    const reclaimed = [claimed('w1', ['a']), marked, { type: 'DispatchesInDoubt', data: { sessionId: 's1', partition: 2, workerId: 'w2', at: LATER, deliveryIds: ['a'], handedOver: ['a'] } } as DispatchEvent, claimed('w2', ['a'], LATER)];
    expect(given(dispatchDecider, reclaimed).when(claimBy('w2', ['a'], LATER))).toEqual([
      { type: 'DispatchesInDoubt', data: { sessionId: 's1', partition: 2, workerId: 'w2', at: LATER, deliveryIds: ['a'] } },
    ]);
  });

  it('reclaims a delivery in doubt that the provider does not have, and dead-letters one claimed too often', () => {
    const history = [claimed('w1', ['a', 'b']), { type: 'DispatchesInDoubt', data: { sessionId: 's1', partition: 2, workerId: 'w2', at: LATER, deliveryIds: ['a', 'b'] } } as DispatchEvent];
    expect(given(dispatchDecider, history).when({ type: 'ReclaimDispatches', data: { workerId: 'w2', now: LATER, maxClaims: 3, deliveryIds: ['a'] } })).toEqual([
      claimed('w2', ['a'], LATER),
    ]);
    expect(given(dispatchDecider, history).when({ type: 'ReclaimDispatches', data: { workerId: 'w2', now: LATER, maxClaims: 1, deliveryIds: ['a', 'b'] } })).toEqual([
      { type: 'DispatchesDeadLettered', data: { sessionId: 's1', partition: 2, at: LATER, deliveryIds: ['a', 'b'], reason: TOO_MANY_CLAIMS } },
    ]);
    expect(given(dispatchDecider, [claimed('w1', ['a'])]).when(claimBy('w2', ['a'], LATER, 1))).toEqual([
      { type: 'DispatchesDeadLettered', data: { sessionId: 's1', partition: 2, at: LATER, deliveryIds: ['a'], reason: TOO_MANY_CLAIMS } },
    ]);
  });

  it('keeps each delivery’s first answer, whoever gives it, and drops a second one', () => {
    const outcomes = given(dispatchDecider, [claimed('w1', ['a', 'b']), sent([accepted('a')])]).when({
      type: 'RecordDispatchOutcomes',
      data: { workerId: 'w2', at: LATER, outcomes: [accepted('a'), { deliveryId: 'b', provider: 'smtp', kind: 'unknown', reason: 'timed out' }, accepted('b')] },
    });
    expect(outcomes).toEqual([
      { type: 'DispatchesSent', data: { sessionId: 's1', partition: 2, workerId: 'w2', at: LATER, outcomes: [{ deliveryId: 'b', provider: 'smtp', kind: 'unknown', reason: 'timed out' }] } },
    ]);
  });

  it('tells every event type in the activity log with how many deliveries it holds', () => {
    expect(Object.keys(dispatchActivity).sort()).toEqual(Object.keys(DISPATCH_EVENT_VERSIONS).sort());
    const event = claimed('w1', ['a', 'b']);
    expect(dispatchActivity.DispatchesClaimed(new EventFields(event.data as never), { ...event, metadata: {} }).details).toEqual({
      session_id: 's1',
      worker_id: 'w1',
      deliveries: 2,
    });
  });
});
