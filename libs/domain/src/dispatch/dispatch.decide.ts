import type { Decider } from '../shared/decider';
import { illegalState } from '../shared/domain-errors';
import type { ClaimDispatch, DispatchCommand, RecordDispatchSubmitted } from './dispatch.commands';
import type { DispatchEvent } from './dispatch.events';
import { evolveDispatch, initialDispatchState, type DispatchState } from './dispatch.state';

export const CLAIMED_ELSEWHERE = 'This dispatch is being sent by another worker.';

/**
 * A job is claimed before its provider is called, so a redelivered job is not sent again while
 * its claim is fresh. A claim older than the lease belongs to a worker that died between claiming
 * and recording the result: another worker may take it over (the provider may then see the
 * message twice, but the job still gets exactly one result).
 */
function claim(command: ClaimDispatch, state: DispatchState): DispatchEvent[] {
  const { jobId, sessionId, workerId, now, leaseMs } = command.data;
  if (state.status === 'submitted') return [];
  if (state.status === 'claimed' && state.workerId !== workerId) {
    const age = Date.parse(now) - Date.parse(state.claimedAt);
    if (age < leaseMs) throw illegalState(CLAIMED_ELSEWHERE);
  }
  return [{ type: 'DispatchClaimed', data: { jobId, sessionId, workerId, claimedAt: now } }];
}

function recordSubmitted(command: RecordDispatchSubmitted, state: DispatchState): DispatchEvent[] {
  if (state.status !== 'claimed' || state.workerId !== command.data.workerId) throw illegalState(CLAIMED_ELSEWHERE);
  return [
    {
      type: 'DispatchSubmitted',
      data: { jobId: state.jobId, sessionId: state.sessionId, workerId: state.workerId, providerMessageId: command.data.providerMessageId },
    },
  ];
}

export function decideDispatch(command: DispatchCommand, state: DispatchState): DispatchEvent[] {
  switch (command.type) {
    case 'ClaimDispatch':
      return claim(command, state);
    case 'RecordDispatchSubmitted':
      return recordSubmitted(command, state);
  }
}

export const dispatchDecider: Decider<DispatchCommand, DispatchEvent, DispatchState> = {
  decide: decideDispatch,
  evolve: evolveDispatch,
  initialState: initialDispatchState,
};

export const dispatchStream = (jobId: string) => `dispatch-${jobId}`;
