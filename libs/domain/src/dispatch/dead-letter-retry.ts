import { describedAs, type AggregateActivity } from '../shared/activity';
import type { Decider, DomainEvent } from '../shared/decider';
import { nextAttemptId } from '../sending/message-session-page';
import type { DispatchState } from './dispatch.state';

/**
 * An admin's retries of a session's dead letters (stream `dead_letters-<sessionId>`): each dead
 * delivery is given one new attempt, its id made here (`nextAttemptId`) before its job is queued, and
 * the queueing is recorded once done. The retry is recorded first and the job queued from the record,
 * so a process that stops between the two queues it on its next round (the ledger sends the new
 * attempt once, however often it is queued). A delivery retried once is never retried again from here:
 * if its new attempt dies too, that attempt is a dead letter of its own.
 */

export const DEAD_LETTER_RETRY_EVENT_VERSIONS = { DeadLettersRetried: 1, DeadLetterRetriesQueued: 1 } as const;

/** One dead delivery given a new attempt: the plan's page it was queued on, and the new attempt's id. */
export interface DeadLetterRetry {
  readonly deliveryId: string;
  readonly retryAs: string;
  readonly page: number;
}

export type DeadLettersRetried = DomainEvent<'DeadLettersRetried', { sessionId: string; retries: DeadLetterRetry[]; retriedBy: string; at: string }>;
/** The new attempts' jobs are on the bus (the dead deliveries' ids). */
export type DeadLetterRetriesQueued = DomainEvent<'DeadLetterRetriesQueued', { sessionId: string; deliveryIds: string[]; at: string }>;
export type DeadLetterRetryEvent = DeadLettersRetried | DeadLetterRetriesQueued;

/** Retry these deliveries, each found dead in its ledger (`deadInLedger`) by the caller. */
export interface RetryDeadLetters {
  readonly type: 'RetryDeadLetters';
  readonly data: { sessionId: string; dead: readonly { deliveryId: string; page: number }[]; retriedBy: string; at: string };
}

/** The jobs of these retried deliveries were queued. */
export interface RecordDeadLetterRetriesQueued {
  readonly type: 'RecordDeadLetterRetriesQueued';
  readonly data: { deliveryIds: readonly string[]; at: string };
}

export type DeadLetterRetryCommand = RetryDeadLetters | RecordDeadLetterRetriesQueued;

export interface DeadLetterRetryState {
  readonly sessionId: string | null;
  /** Each retried dead delivery: its retry, and whether its job is queued yet. */
  readonly retried: ReadonlyMap<string, DeadLetterRetry & { readonly queued: boolean }>;
}

const initialState = (): DeadLetterRetryState => ({ sessionId: null, retried: new Map() });

function evolve(state: DeadLetterRetryState, event: DeadLetterRetryEvent): DeadLetterRetryState {
  const retried = new Map(state.retried);
  switch (event.type) {
    case 'DeadLettersRetried':
      for (const retry of event.data.retries) retried.set(retry.deliveryId, { ...retry, queued: false });
      return { sessionId: event.data.sessionId, retried };
    case 'DeadLetterRetriesQueued':
      for (const id of event.data.deliveryIds) {
        const retry = retried.get(id);
        if (retry) retried.set(id, { ...retry, queued: true });
      }
      return { ...state, retried };
  }
}

/** Dead deliveries not retried yet get a new attempt each; one already retried is left as it is. */
function retry(command: RetryDeadLetters, state: DeadLetterRetryState): DeadLetterRetryEvent[] {
  const seen = new Set<string>();
  const retries = command.data.dead.flatMap(({ deliveryId, page }) => {
    if (state.retried.has(deliveryId) || seen.has(deliveryId)) return [];
    seen.add(deliveryId);
    return [{ deliveryId, retryAs: nextAttemptId(deliveryId), page }];
  });
  if (!retries.length) return [];
  const { sessionId, retriedBy, at } = command.data;
  return [{ type: 'DeadLettersRetried', data: { sessionId, retries, retriedBy, at } }];
}

/** Queued is recorded once per retry: a second queueing (after a restart) records nothing. */
function queued(command: RecordDeadLetterRetriesQueued, state: DeadLetterRetryState): DeadLetterRetryEvent[] {
  const ids = [...new Set(command.data.deliveryIds)].filter((id) => state.retried.get(id)?.queued === false);
  if (!ids.length || state.sessionId === null) return [];
  return [{ type: 'DeadLetterRetriesQueued', data: { sessionId: state.sessionId, deliveryIds: ids, at: command.data.at } }];
}

export const deadLetterRetryDecider: Decider<DeadLetterRetryCommand, DeadLetterRetryEvent, DeadLetterRetryState> = {
  decide: (command, state) => (command.type === 'RetryDeadLetters' ? retry(command, state) : queued(command, state)),
  evolve,
  initialState,
};

export const deadLetterRetryStream = (sessionId: string) => `dead_letters-${sessionId}`;

/** Those of `deliveryIds` that the ledger holds as dead letters (only those may be retried). */
export const deadInLedger = (ledger: DispatchState, deliveryIds: readonly string[]): string[] =>
  [...new Set(deliveryIds)].filter((id) => ledger.entries.get(id)?.status === 'dead');

/** The ledger stream a dead-lettered event was recorded on: `dispatch-<session>-<page>-<partition>` (a session id holds dashes). */
export function ledgerPlaceOf(streamName: string): { page: number; partition: number } | null {
  const match = /^dispatch-.+-(\d+)-(\d+)$/.exec(streamName);
  return match ? { page: Number(match[1]), partition: Number(match[2]) } : null;
}

/** How the activity log tells an admin's retries. */
export const deadLetterRetryActivity: AggregateActivity<keyof typeof DEAD_LETTER_RETRY_EVENT_VERSIONS> = {
  DeadLettersRetried: (f) =>
    describedAs('dispatch', 'An admin retried message deliveries set aside as dead letters', {
      session_id: f.string('sessionId'),
      deliveries: f.length('retries'),
    }),
  DeadLetterRetriesQueued: (f) =>
    describedAs('dispatch', 'Retried message deliveries were queued to be sent', {
      session_id: f.string('sessionId'),
      deliveries: f.length('deliveryIds'),
    }),
};
