import type { RunResultDto, ScenarioPageDto } from '@beacon/contracts';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import { pageRequest, sameQuery, type MessageListQuery, type MessageListRequest } from '../../../message-list/message-list-query';
import { REPORT_LIVE_RESOURCES } from '../message-reports-api';
import { goingSessionIds } from '../session-rows';

/** Live changes reload the list at most this often. */
export const LIST_REFRESH_GAP_MS = 2_000;

/** Message Reports lists every message's latest sessions sent. */
export const WITH_SESSIONS = { include_sessions: 'true' } as const;

/** The progress of each listed session still going, by session id. */
export type Outcomes = ReadonlyMap<string, RunResultDto>;

export interface ListedSessions {
  page: ScenarioPageDto;
  outcomes: Outcomes;
}

export interface ReportsListInput {
  /** The query the URL holds when the screen opens. */
  query: MessageListQuery;
}

export interface ReportsListContext extends ReportsListInput {
  /** The last page loaded; it stays on screen while the next one loads. */
  page: ScenarioPageDto | null;
  outcomes: Outcomes;
  error: string | null;
  /** A listed session changed while the list was loading or just loaded: load it again after the gap. */
  stale: boolean;
}

export type ReportsListEvent =
  /** The URL's query changed (the search, another page, Back). */
  | { type: 'reports.query'; query: MessageListQuery }
  /** Load the same page again (Try again). */
  | { type: 'reports.reload' }
  /** A live update of a session, or of a session's deliveries. */
  | { type: 'reports.changed'; resource: string; id: string };

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`message reports implementation "${name}" was not provided`)));
}

/**
 * Message Reports (spec part 2 §2): a page of messages with their latest sessions, one row per
 * session, and each session still going with its progress. A session started, planned or completed,
 * or the deliveries of a listed session going on, reload the page (at most every LIST_REFRESH_GAP_MS).
 * A load that fails is tried once more on page 1 (spec §8), as Send Message does.
 */
export const messageReportsMachine = setup({
  types: {
    context: {} as ReportsListContext,
    events: {} as ReportsListEvent,
    input: {} as ReportsListInput,
  },
  actors: {
    loadSessions: providedPromise<ListedSessions, { request: MessageListRequest }>('loadSessions'),
    /** Sends `reports.changed` for each live update of sessions and deliveries. */
    watchSessions: fromCallback(() => {
      throw new Error('message reports implementation "watchSessions" was not provided');
    }),
  },
  actions: {
    keepPage: assign((_, { listed }: { listed: ListedSessions }) => ({ page: listed.page, outcomes: listed.outcomes, error: null })),
    /** The list answers page 1 after a failure: the URL says so too. */
    showQuery: (_, _params: { query: MessageListQuery }) => {
      throw new Error('message reports implementation "showQuery" was not provided');
    },
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: MessageListQuery }) => !sameQuery(context.query, query),
    concernsList: ({ context }, { resource, id }: { resource: string; id: string }) =>
      resource === REPORT_LIVE_RESOURCES.sessions || goingSessionIds(context.page).includes(id),
    isStale: ({ context }) => context.stale,
  },
  delays: { refreshGap: LIST_REFRESH_GAP_MS },
}).createMachine({
  id: 'messageReports',
  context: ({ input }) => ({ ...input, page: null, outcomes: new Map(), error: null, stale: false }),
  invoke: { src: 'watchSessions' },
  initial: 'loading',
  on: {
    'reports.query': {
      guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
      target: '.loading',
      actions: assign({ query: ({ event }) => event.query }),
    },
    'reports.reload': '.loading',
    'reports.changed': {
      guard: { type: 'concernsList', params: ({ event }) => ({ resource: event.resource, id: event.id }) },
      actions: assign({ stale: true }),
    },
  },
  states: {
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        src: 'loadSessions',
        input: ({ context }) => ({ request: pageRequest(context.query, WITH_SESSIONS) }),
        onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ listed: event.output }) } },
        onError: {
          target: 'retrying',
          actions: [assign({ query: ({ context }) => ({ ...context.query, page: 1 }) }), { type: 'showQuery', params: ({ context }) => ({ query: context.query }) }],
        },
      },
    },
    /** Spec §8: a list call that errors is tried once more, on page 1. */
    retrying: {
      invoke: {
        src: 'loadSessions',
        input: ({ context }) => ({ request: pageRequest(context.query, WITH_SESSIONS) }),
        onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ listed: event.output }) } },
        onError: { target: 'failed', actions: assign({ page: null, error: ({ event }) => errorText(event.error) }) },
      },
    },
    loaded: {
      initial: 'resting',
      states: {
        /** Just loaded: changes now are loaded together when the gap is over. */
        resting: { after: { refreshGap: [{ guard: 'isStale', target: '#messageReports.loading' }, { target: 'current' }] } },
        current: {
          on: {
            'reports.changed': {
              guard: { type: 'concernsList', params: ({ event }) => ({ resource: event.resource, id: event.id }) },
              target: '#messageReports.loading',
            },
          },
        },
      },
    },
    failed: {},
  },
});

export type ReportsListSnapshot = SnapshotFrom<typeof messageReportsMachine>;
