import type { RunResultDto, SessionResentDto } from '@beacon/contracts';
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import { isFinished } from '../session-progress';

/** At most two reads of a session's progress a second, however fast its deliveries change. */
export const REFETCH_GAP_MS = 500;
/** With no live update for this long, the progress is read anyway (the live socket may be down). */
export const POLL_MS = 5_000;

export interface ProgressInput {
  /** The session's run_result task id. */
  readonly taskId: string;
  /** The message sent, as the list named it. */
  readonly name: string;
  readonly isReal: boolean;
}

export interface ProgressContext extends ProgressInput {
  /** The session as last read; null until the first answer. */
  result: RunResultDto | null;
  /** Why the last read failed, in the user's words; the next one clears it. */
  error: string | null;
  /** A live update came after the read under way started: read again once the gap is over. */
  stale: boolean;
  /** The last resend to those with no reply failed (spec §8: "Re-send message failed!"). */
  resendFailed: boolean;
}

/** The spec's text for a resend that failed (§8). */
export const RESEND_FAILED = 'Re-send message failed!';

/** A live update of this session or of its deliveries; the user's resend to those with no reply. */
export type ProgressEvent = { type: 'progress.changed' } | { type: 'progress.resend'; idempotencyKey: string };

function notProvided(name: string): never {
  throw new Error(`session progress implementation "${name}" was not provided`);
}

/**
 * One session's progress (GET /api/scenario/run_result/{task_id}/), followed live: each update of
 * the session or its deliveries reads it again, at most every REFETCH_GAP_MS (updates meanwhile make
 * one more read at the gap's end), and every POLL_MS without updates while it is going. Complete or
 * cancelled, it stops polling and reads only on live updates (late replies). A failed read is shown and tried again by the next update or poll. A resend to those with
 * no reply follows the session again (it is sending again).
 */
export const sessionProgressMachine = setup({
  types: {
    context: {} as ProgressContext,
    events: {} as ProgressEvent,
    input: {} as ProgressInput,
  },
  actors: {
    loadResult: fromPromise<RunResultDto, { taskId: string }>(() => Promise.reject(new Error('session progress implementation "loadResult" was not provided'))),
    resendSession: fromPromise<SessionResentDto, { taskId: string; idempotencyKey: string }>(() => Promise.reject(new Error('session progress implementation "resendSession" was not provided'))),
    /** Sends `progress.changed` for each live update of the session or its deliveries. */
    watchSession: fromCallback<ProgressEvent, { taskId: string }>(() => notProvided('watchSession')),
  },
  actions: {
    keepResult: assign({ result: (_, { result }: { result: RunResultDto }) => result, error: null }),
    markStale: assign({ stale: true }),
  },
  guards: {
    isGoing: ({ context }) => context.result === null || !isFinished(context.result.status),
    isStale: ({ context }) => context.stale,
  },
  delays: { refetchGap: REFETCH_GAP_MS, poll: POLL_MS },
}).createMachine({
  id: 'sessionProgress',
  context: ({ input }) => ({ ...input, result: null, error: null, stale: false, resendFailed: false }),
  initial: 'following',
  on: { 'progress.resend': { target: '.resending' } },
  states: {
    /** PATCH /api/session/{id}/resend/?reply=No+Response; then the session, sending again, is followed again. */
    resending: {
      entry: assign({ resendFailed: false }),
      invoke: {
        src: 'resendSession',
        input: ({ context, event }) => ({ taskId: context.taskId, idempotencyKey: event.type === 'progress.resend' ? event.idempotencyKey : '' }),
        onDone: 'following',
        onError: { target: 'following', actions: assign({ resendFailed: true }) },
      },
    },
    following: {
      invoke: { src: 'watchSession', input: ({ context }) => ({ taskId: context.taskId }) },
      on: { 'progress.changed': { actions: 'markStale' } },
      initial: 'reading',
      states: {
        reading: {
          entry: assign({ stale: false }),
          invoke: {
            src: 'loadResult',
            input: ({ context }) => ({ taskId: context.taskId }),
            onDone: { target: 'resting', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'resting', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        /** The gap after a read: updates now are read together at its end. */
        resting: {
          after: { refetchGap: [{ guard: 'isStale', target: 'reading' }, { target: 'waiting' }] },
        },
        /**
         * Until the next update; while the session is going, at most POLL_MS. Once it is complete or
         * cancelled nothing more is sent, so there is no polling, but answers still come in (a late
         * reply, a report that a delivered message failed after all) and each live update reads it.
         */
        waiting: {
          on: { 'progress.changed': 'reading' },
          after: { poll: { guard: 'isGoing', target: 'reading' } },
        },
      },
    },
  },
});

/** Whether the session followed is complete or cancelled (its counts may still change: late replies). */
export const isOver = (snapshot: { context: Pick<ProgressContext, 'result'> }): boolean => snapshot.context.result !== null && isFinished(snapshot.context.result.status);

export type ProgressSnapshot = SnapshotFrom<typeof sessionProgressMachine>;
export type ProgressActor = ActorRefFrom<typeof sessionProgressMachine>;
