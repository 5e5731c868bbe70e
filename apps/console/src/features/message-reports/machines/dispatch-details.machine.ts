import { SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE, type SessionRecipientFilters, type SessionRecipientPageDto, type SessionResentDto } from '@beacon/contracts';
import type { ResendReply } from '@beacon/domain';
import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import type { ExportKind, ExportRequest, PeopleRequest, SessionReport } from '../message-reports-api';

/** Live changes of the session read the report again at most this often. */
export const LIVE_REFRESH_GAP_MS = 1_000;

export interface DetailsInput {
  readonly sessionId: string;
  /** Dispatch details lists the people; Dispatches overview shows the statistics and charts only. */
  readonly withPeople: boolean;
}

/** The last resend asked for, as the screen tells it: under way, started (its task id) or failed. */
export type ResendOutcome =
  | { readonly status: 'sending'; readonly reply: ResendReply; readonly idempotencyKey: string }
  | { readonly status: 'started'; readonly reply: ResendReply; readonly taskId: string }
  | { readonly status: 'failed'; readonly reply: ResendReply };

export interface DetailsContext extends DetailsInput {
  report: SessionReport | null;
  reportError: string | null;
  /** The page of people asked for (or shown) and the filters applied. */
  query: PeopleRequest;
  people: SessionRecipientPageDto | null;
  peopleError: string | null;
  /** The export being downloaded. */
  exporting: ExportKind | null;
  exportError: string | null;
  resend: ResendOutcome | null;
  /** A live update came during the gap after a refresh: refresh again at its end. */
  stale: boolean;
  /** A live refresh was asked for while the report, or the people, were being read: read them again once that answers. */
  reportBehind: boolean;
  peopleBehind: boolean;
}

export type DetailsEvent =
  /** Try again after a failure. */
  | { type: 'details.reload' }
  /** A live update of this session's report. */
  | { type: 'details.changed' }
  /** Read the report and the page shown again, quietly (raised by the live throttle). */
  | { type: 'details.refresh' }
  /** The report arrived: the people may be listed. */
  | { type: 'details.ready' }
  | { type: 'people.filter'; filters: SessionRecipientFilters }
  | { type: 'people.page'; page: number }
  | { type: 'people.pageSize'; pageSize: number }
  | { type: 'details.export'; kind: ExportKind }
  | { type: 'details.resend'; reply: ResendReply; idempotencyKey: string };

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`dispatch details implementation "${name}" was not provided`)));
}

function sendingResend(resend: ResendOutcome | null): { reply: ResendReply; idempotencyKey: string } {
  if (resend?.status !== 'sending') throw new Error('a resend is under way only once asked for');
  return { reply: resend.reply, idempotencyKey: resend.idempotencyKey };
}

/**
 * Dispatch details and Dispatches overview (spec part 2 §7 "Session reports"): the session's
 * statistics and counts (`report`), and for Dispatch details a page of its people (`people`), once
 * the report says the caller may see them. A filter asks for page 1; a people call that errors is
 * tried once more with page 1 (spec §8). Exports and the resends run beside them. Live updates of the
 * session read the report and the page shown again, at most every LIVE_REFRESH_GAP_MS (updates in
 * between make one more read at the gap's end).
 */
export const dispatchDetailsMachine = setup({
  types: { context: {} as DetailsContext, events: {} as DetailsEvent, input: {} as DetailsInput },
  actors: {
    loadReport: providedPromise<SessionReport, { sessionId: string }>('loadReport'),
    loadPeople: providedPromise<SessionRecipientPageDto, PeopleRequest>('loadPeople'),
    exportFile: providedPromise<void, ExportRequest>('exportFile'),
    resend: providedPromise<SessionResentDto, { reply: ResendReply; idempotencyKey: string }>('resend'),
    /** Sends `details.changed` for each live update of the session's report. */
    watchReport: fromCallback(() => {
      throw new Error('dispatch details implementation "watchReport" was not provided');
    }),
  },
  actions: {
    keepPeople: assign((_, { page }: { page: SessionRecipientPageDto }) => ({ people: page, peopleError: null })),
  },
  guards: {
    mayListPeople: ({ context }) => context.withPeople && context.report?.details.detail.allowed === true,
    isStale: ({ context }) => context.stale,
    isReportBehind: ({ context }) => context.reportBehind,
    arePeopleBehind: ({ context }) => context.peopleBehind,
  },
  delays: { liveGap: LIVE_REFRESH_GAP_MS },
}).createMachine({
  id: 'dispatchDetails',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    report: null,
    reportError: null,
    query: { page: 1, pageSize: SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE, filters: {} },
    people: null,
    peopleError: null,
    exporting: null,
    exportError: null,
    resend: null,
    stale: false,
    reportBehind: false,
    peopleBehind: false,
  }),
  states: {
    report: {
      initial: 'loading',
      states: {
        // A live update during the first read may be newer than its answer: the report is read again after it.
        loading: {
          on: { 'details.refresh': { actions: assign({ reportBehind: true }) } },
          invoke: {
            src: 'loadReport',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: { target: 'loaded', actions: [assign({ report: ({ event }) => event.output, reportError: null }), raise({ type: 'details.ready' })] },
            onError: { target: 'error', actions: assign({ reportError: ({ event }) => errorText(event.error), reportBehind: false }) },
          },
        },
        loaded: {
          always: { guard: 'isReportBehind', target: 'refreshing', actions: assign({ reportBehind: false }) },
          on: { 'details.refresh': 'refreshing' },
        },
        /** A live refresh: the report shown stays until the new one comes; one that fails leaves it. */
        refreshing: {
          on: { 'details.refresh': { target: 'refreshing', reenter: true } },
          invoke: {
            src: 'loadReport',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: { target: 'loaded', actions: assign({ report: ({ event }) => event.output }) },
            onError: 'loaded',
          },
        },
        error: { on: { 'details.reload': 'loading' } },
      },
    },
    people: {
      initial: 'waiting',
      states: {
        waiting: { on: { 'details.ready': [{ guard: 'mayListPeople', target: 'shown' }, { target: 'off' }] } },
        /** Dispatches overview, or a caller the report refuses the people. */
        off: {},
        shown: {
          initial: 'loading',
          on: {
            'people.filter': { target: '.filtering', actions: assign({ query: ({ context, event }) => ({ ...context.query, page: 1, filters: event.filters }) }) },
            'people.page': { target: '.loading', actions: assign({ query: ({ context, event }) => ({ ...context.query, page: event.page }) }) },
            'people.pageSize': { target: '.loading', actions: assign({ query: ({ context, event }) => ({ ...context.query, page: 1, pageSize: event.pageSize }) }) },
          },
          states: {
            loading: {
              on: { 'details.refresh': { actions: assign({ peopleBehind: true }) } },
              invoke: {
                src: 'loadPeople',
                input: ({ context }) => context.query,
                onDone: { target: 'loaded', actions: { type: 'keepPeople', params: ({ event }) => ({ page: event.output }) } },
                onError: 'retrying',
              },
            },
            /** The same call, for new filters: the page shown is of the old ones until it answers. */
            filtering: {
              on: { 'details.refresh': { actions: assign({ peopleBehind: true }) } },
              invoke: {
                src: 'loadPeople',
                input: ({ context }) => context.query,
                onDone: { target: 'loaded', actions: { type: 'keepPeople', params: ({ event }) => ({ page: event.output }) } },
                onError: 'retrying',
              },
            },
            /** Spec §8: a recipient search that errors is tried once more, with page 1. */
            retrying: {
              entry: assign({ query: ({ context }) => ({ ...context.query, page: 1 }) }),
              on: { 'details.refresh': { actions: assign({ peopleBehind: true }) } },
              invoke: {
                src: 'loadPeople',
                input: ({ context }) => context.query,
                onDone: { target: 'loaded', actions: { type: 'keepPeople', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'error', actions: assign({ people: null, peopleError: ({ event }) => errorText(event.error), peopleBehind: false }) },
              },
            },
            // A live refresh asked for while the page was being read is made now.
            loaded: {
              always: { guard: 'arePeopleBehind', target: 'refreshing', actions: assign({ peopleBehind: false }) },
              on: { 'details.refresh': 'refreshing' },
            },
            /** A live refresh of the page shown; one that fails leaves it. */
            refreshing: {
              on: { 'details.refresh': { target: 'refreshing', reenter: true } },
              invoke: {
                src: 'loadPeople',
                input: ({ context }) => context.query,
                onDone: { target: 'loaded', actions: { type: 'keepPeople', params: ({ event }) => ({ page: event.output }) } },
                onError: 'loaded',
              },
            },
            error: { on: { 'details.reload': 'loading' } },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'details.export': { target: 'exporting', actions: assign({ exporting: ({ event }) => event.kind, exportError: null }) } } },
        exporting: {
          invoke: {
            src: 'exportFile',
            input: ({ context }) => ({ kind: context.exporting!, filters: context.query.filters }),
            onDone: { target: 'idle', actions: assign({ exporting: null }) },
            onError: { target: 'idle', actions: assign({ exporting: null, exportError: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
    resend: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'details.resend': {
              target: 'resending',
              actions: assign({ resend: ({ event }) => ({ status: 'sending' as const, reply: event.reply, idempotencyKey: event.idempotencyKey }) }),
            },
          },
        },
        resending: {
          invoke: {
            src: 'resend',
            input: ({ context }) => sendingResend(context.resend),
            onDone: { target: 'idle', actions: assign({ resend: ({ context, event }) => ({ status: 'started' as const, reply: context.resend!.reply, taskId: event.output.task_id }) }) },
            onError: { target: 'idle', actions: assign({ resend: ({ context }) => ({ status: 'failed' as const, reply: context.resend!.reply }) }) },
          },
        },
      },
    },
    live: {
      invoke: { src: 'watchReport' },
      initial: 'quiet',
      states: {
        quiet: { on: { 'details.changed': 'throttled' } },
        /** A refresh went out: updates now make one more when the gap is over. */
        throttled: {
          entry: [assign({ stale: false }), raise({ type: 'details.refresh' })],
          on: { 'details.changed': { actions: assign({ stale: true }) } },
          after: { liveGap: [{ guard: 'isStale', target: 'throttled', reenter: true }, { target: 'quiet' }] },
        },
      },
    },
  },
});

export type DetailsSnapshot = SnapshotFrom<typeof dispatchDetailsMachine>;
