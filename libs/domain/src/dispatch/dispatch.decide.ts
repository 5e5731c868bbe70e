import type { Decider } from '../shared/decider';
import { illegalState } from '../shared/domain-errors';
import type { ClaimDispatches, DispatchCommand, ReclaimDispatches, RecordDispatchOutcomes, RecordHandovers } from './dispatch.commands';
import type { DispatchEvent } from './dispatch.events';
import { evolveDispatch, initialDispatchState, type DispatchState } from './dispatch.state';

export const CLAIMED_ELSEWHERE = 'These dispatches are being sent by another worker.';
export const TOO_MANY_CLAIMS = 'Claimed too many times without an answer from the provider.';

/**
 * The ledger of one session's deliveries in one bus partition: the one place that says whether a
 * delivery may be sent. A worker claims before it calls a provider and records the answer after.
 * Handed a delivery again (a redelivery after a crash, a rebalance, a handler that failed):
 * - answered: nothing to do;
 * - claimed by another worker whose lease runs: that worker may be sending it; try again later;
 * - claimed, no answer, lease over (or claimed by this same worker, which failed before recording):
 *   the provider may have it, so it is in doubt and reconciled, never sent again blindly (the event
 *   names those whose handover had begun: the others never reached a provider that announces it);
 * - claimed `maxClaims` times already: dead-lettered.
 */
function claim(command: ClaimDispatches, state: DispatchState): DispatchEvent[] {
  const { sessionId, partition, workerId, now, leaseMs, maxClaims } = command.data;
  const fresh: string[] = [];
  const inDoubt: string[] = [];
  const handedOver: string[] = [];
  const dead: string[] = [];
  for (const id of new Set(command.data.deliveryIds)) {
    const entry = state.entries.get(id);
    if (!entry) fresh.push(id);
    else if (entry.status === 'claimed') {
      const leaseRuns = Date.parse(now) - Date.parse(entry.claimedAt) < leaseMs;
      if (entry.workerId !== workerId && leaseRuns) throw illegalState(CLAIMED_ELSEWHERE);
      if (entry.claims >= maxClaims) dead.push(id);
      else {
        inDoubt.push(id);
        if (entry.handedOver) handedOver.push(id);
      }
    }
  }
  const events: DispatchEvent[] = [];
  if (fresh.length) events.push({ type: 'DispatchesClaimed', data: { sessionId, partition, workerId, claimedAt: now, deliveryIds: fresh } });
  if (inDoubt.length) {
    events.push({ type: 'DispatchesInDoubt', data: { sessionId, partition, workerId, at: now, deliveryIds: inDoubt, ...(handedOver.length ? { handedOver } : {}) } });
  }
  if (dead.length) events.push({ type: 'DispatchesDeadLettered', data: { sessionId, partition, at: now, deliveryIds: dead, reason: TOO_MANY_CLAIMS } });
  return events;
}

/** Answers are facts: each delivery's first one is kept, whoever claimed it; a second answer for it is dropped. */
function record(command: RecordDispatchOutcomes, state: DispatchState): DispatchEvent[] {
  const seen = new Set<string>();
  const outcomes = command.data.outcomes.filter((outcome) => {
    const entry = state.entries.get(outcome.deliveryId);
    const answered = entry?.status === 'done' || entry?.status === 'dead' || seen.has(outcome.deliveryId);
    seen.add(outcome.deliveryId);
    return !answered;
  });
  if (!outcomes.length || state.sessionId === null) return [];
  return [{ type: 'DispatchesSent', data: { sessionId: state.sessionId, partition: state.partition, workerId: command.data.workerId, at: command.data.at, outcomes } }];
}

/** Only this worker's live claims are marked: an answered, dead or taken-over delivery is not its to hand over. */
function handOver(command: RecordHandovers, state: DispatchState): DispatchEvent[] {
  const { workerId, at } = command.data;
  if (state.sessionId === null) return [];
  const deliveryIds = [...new Set(command.data.deliveryIds)].filter((id) => {
    const entry = state.entries.get(id);
    return entry?.status === 'claimed' && entry.workerId === workerId && !entry.handedOver;
  });
  if (!deliveryIds.length) return [];
  return [{ type: 'DispatchesHandedOver', data: { sessionId: state.sessionId, partition: state.partition, workerId, at, deliveryIds } }];
}

/** In doubt and not at the provider: claimed again to be sent (dead-lettered past `maxClaims`). */
function reclaim(command: ReclaimDispatches, state: DispatchState): DispatchEvent[] {
  const { workerId, now, maxClaims } = command.data;
  if (state.sessionId === null) return [];
  const ids = [...new Set(command.data.deliveryIds)].filter((id) => state.entries.get(id)?.status === 'in_doubt');
  const dead = ids.filter((id) => (state.entries.get(id)?.claims ?? 0) >= maxClaims);
  const again = ids.filter((id) => !dead.includes(id));
  const { sessionId, partition } = state;
  const events: DispatchEvent[] = [];
  if (again.length) events.push({ type: 'DispatchesClaimed', data: { sessionId, partition, workerId, claimedAt: now, deliveryIds: again } });
  if (dead.length) events.push({ type: 'DispatchesDeadLettered', data: { sessionId, partition, at: now, deliveryIds: dead, reason: TOO_MANY_CLAIMS } });
  return events;
}

export function decideDispatch(command: DispatchCommand, state: DispatchState): DispatchEvent[] {
  switch (command.type) {
    case 'ClaimDispatches':
      return claim(command, state);
    case 'RecordDispatchOutcomes':
      return record(command, state);
    case 'RecordHandovers':
      return handOver(command, state);
    case 'ReclaimDispatches':
      return reclaim(command, state);
  }
}

export const dispatchDecider: Decider<DispatchCommand, DispatchEvent, DispatchState> = {
  decide: decideDispatch,
  evolve: evolveDispatch,
  initialState: initialDispatchState,
};

/**
 * The ledger of one page of a session's plan in one bus partition: small streams (a page's deliveries
 * spread over the partitions), so a claim reads a few events, whatever the session's size (one stream
 * per session and partition grew with the broadcast, and reading it made each claim cost more).
 */
export const dispatchStream = (sessionId: string, page: number, partition: number) => `dispatch-${sessionId}-${page}-${partition}`;
