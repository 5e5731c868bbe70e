import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { CLAIMED_ELSEWHERE, dispatchDecider } from './dispatch.decide';
import type { DispatchEvent } from './dispatch.events';

const claimBy = (workerId: string, now: string) => ({
  type: 'ClaimDispatch' as const,
  data: { jobId: 'j1', sessionId: 's1', workerId, now, leaseMs: 30_000 },
});
const claimed = (workerId: string, claimedAt: string): DispatchEvent => ({
  type: 'DispatchClaimed',
  data: { jobId: 'j1', sessionId: 's1', workerId, claimedAt },
});
const submitted: DispatchEvent = { type: 'DispatchSubmitted', data: { jobId: 'j1', sessionId: 's1', workerId: 'w1', providerMessageId: 'p1' } };

describe('dispatch decider', () => {
  it('claims a pending job', () => {
    expect(given(dispatchDecider, []).when(claimBy('w1', '2026-01-01T00:00:00.000Z'))).toEqual([claimed('w1', '2026-01-01T00:00:00.000Z')]);
  });

  it('refuses a job freshly claimed by another worker', () => {
    expect(() => given(dispatchDecider, [claimed('w1', '2026-01-01T00:00:00.000Z')]).when(claimBy('w2', '2026-01-01T00:00:10.000Z'))).toThrow(
      CLAIMED_ELSEWHERE,
    );
  });

  it('takes over a claim older than the lease', () => {
    expect(given(dispatchDecider, [claimed('w1', '2026-01-01T00:00:00.000Z')]).when(claimBy('w2', '2026-01-01T00:00:31.000Z'))).toEqual([
      claimed('w2', '2026-01-01T00:00:31.000Z'),
    ]);
  });

  it('does nothing for a job that already has its result', () => {
    expect(given(dispatchDecider, [claimed('w1', '2026-01-01T00:00:00.000Z'), submitted]).when(claimBy('w2', '2026-01-02T00:00:00.000Z'))).toEqual([]);
  });

  it('records the result only for the worker holding the claim', () => {
    const history = [claimed('w1', '2026-01-01T00:00:00.000Z')];
    expect(given(dispatchDecider, history).when({ type: 'RecordDispatchSubmitted', data: { workerId: 'w1', providerMessageId: 'p1' } })).toEqual([submitted]);
    expect(() => given(dispatchDecider, history).when({ type: 'RecordDispatchSubmitted', data: { workerId: 'w2', providerMessageId: 'p2' } })).toThrow(
      CLAIMED_ELSEWHERE,
    );
    expect(() => given(dispatchDecider, [...history, submitted]).when({ type: 'RecordDispatchSubmitted', data: { workerId: 'w1', providerMessageId: 'p1' } })).toThrow(
      CLAIMED_ELSEWHERE,
    );
  });
});
