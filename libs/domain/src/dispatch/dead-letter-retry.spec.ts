import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import {
  DEAD_LETTER_RETRY_EVENT_VERSIONS,
  deadInLedger,
  deadLetterRetryActivity,
  deadLetterRetryDecider,
  ledgerPlaceOf,
  type DeadLetterRetryEvent,
  type RetryDeadLetters,
} from './dead-letter-retry';
import { dispatchDecider } from './dispatch.decide';
import { foldEvents } from '../shared/decider';

const T0 = '2026-11-26T10:00:00.000Z';
const retry = (ids: string[]): RetryDeadLetters => ({ type: 'RetryDeadLetters', data: { sessionId: 's1', dead: ids.map((deliveryId) => ({ deliveryId, page: 0 })), retriedBy: 'admin', at: T0 } });
const retried = (ids: string[]): DeadLetterRetryEvent => ({
  type: 'DeadLettersRetried',
  data: { sessionId: 's1', retries: ids.map((deliveryId) => ({ deliveryId, retryAs: deliveryId.replace(/\d+$/, (n) => String(Number(n) + 1)), page: 0 })), retriedBy: 'admin', at: T0 },
});

describe("an admin's retry of dead letters", () => {
  it('gives each dead delivery one new attempt, its id made before its job is queued', () => {
    expect(given(deadLetterRetryDecider, []).when(retry(['s1.u1.f:SMS.1', 's1.u2.f:SMS.2', 's1.u1.f:SMS.1']))).toEqual([retried(['s1.u1.f:SMS.1', 's1.u2.f:SMS.2'])]);
  });

  it('does nothing the second time a delivery is retried', () => {
    expect(given(deadLetterRetryDecider, [retried(['s1.u1.f:SMS.1'])]).when(retry(['s1.u1.f:SMS.1']))).toEqual([]);
    expect(given(deadLetterRetryDecider, [retried(['s1.u1.f:SMS.1'])]).when(retry(['s1.u1.f:SMS.1', 's1.u2.f:SMS.1']))).toEqual([retried(['s1.u2.f:SMS.1'])]);
  });

  it('records the queueing of a retry once, and only of a retry', () => {
    const queue = { type: 'RecordDeadLetterRetriesQueued' as const, data: { deliveryIds: ['s1.u1.f:SMS.1', 'other'], at: T0 } };
    const queued: DeadLetterRetryEvent = { type: 'DeadLetterRetriesQueued', data: { sessionId: 's1', deliveryIds: ['s1.u1.f:SMS.1'], at: T0 } };
    expect(given(deadLetterRetryDecider, [retried(['s1.u1.f:SMS.1'])]).when(queue)).toEqual([queued]);
    expect(given(deadLetterRetryDecider, [retried(['s1.u1.f:SMS.1']), queued]).when(queue)).toEqual([]);
    expect(given(deadLetterRetryDecider, []).when(queue)).toEqual([]);
  });

  it('retries only what the ledger holds as dead', () => {
    const ledger = foldEvents(dispatchDecider, [
      { type: 'DispatchesClaimed', data: { sessionId: 's1', partition: 0, workerId: 'w', claimedAt: T0, deliveryIds: ['a', 'b', 'c'] } },
      { type: 'DispatchesDeadLettered', data: { sessionId: 's1', partition: 0, at: T0, deliveryIds: ['a', 'c'], reason: 'x' } },
    ]);
    expect(deadInLedger(ledger, ['a', 'b', 'c', 'd', 'a'])).toEqual(['a', 'c']);
  });

  it("reads the page and partition from a ledger stream's name, whatever dashes the session id holds", () => {
    expect(ledgerPlaceOf('dispatch-0b6f-4c1e-9d2a-12-3')).toEqual({ page: 12, partition: 3 });
    expect(ledgerPlaceOf('message_session-x')).toBeNull();
  });

  it('tells each of its events in the activity log', () => {
    expect(Object.keys(deadLetterRetryActivity).sort()).toEqual(Object.keys(DEAD_LETTER_RETRY_EVENT_VERSIONS).sort());
  });
});
