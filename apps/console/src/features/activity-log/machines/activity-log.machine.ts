import type { ActivityLogCustomerGroupDto, ActivityLogFiltersDto, ActivityLogPageDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DownloadedFile } from '../../../api/api-client';
import { filtersDto, pageRequestDto, sameQuery, type ActivityLogQuery } from '../activity-log-query';
import { loadErrorText } from '../../../api/load-error-text';

export type ActivityLogPage = ActivityLogPageDto['data'];

export interface ActivityLogInput {
  /** The query the URL holds when the screen opens. */
  query: ActivityLogQuery;
}

export interface ActivityLogContext {
  query: ActivityLogQuery;
  /** The last page loaded; it stays on screen while the next one loads. */
  page: ActivityLogPage | null;
  /** Why the last load failed, in the words the user sees. */
  error: string | null;
  customerGroups: readonly ActivityLogCustomerGroupDto[];
}

export type ActivityLogEvent =
  /** The URL's query changed (filters applied, another page, back and forward). */
  | { type: 'activityLog.query'; query: ActivityLogQuery }
  /** Load the same query again (Apply with unchanged filters, Try again). */
  | { type: 'activityLog.reload' }
  | { type: 'activityLog.export' };

/** The machine only names its side effects; the screen provides them and tests stub them. */
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`activity log implementation "${name}" was not provided`)));
}

/**
 * The activity log screen: the page the URL's query asks for, the customer groups its filter
 * offers, and the CSV export of everything the applied filters match. A new query replaces a load
 * under way, so the last one asked for is the one shown.
 */
export const activityLogMachine = setup({
  types: {
    context: {} as ActivityLogContext,
    events: {} as ActivityLogEvent,
    input: {} as ActivityLogInput,
  },
  actors: {
    loadPage: providedPromise<ActivityLogPage, ActivityLogFiltersDto>('loadPage'),
    loadCustomerGroups: providedPromise<ActivityLogCustomerGroupDto[], void>('loadCustomerGroups'),
    exportSummary: providedPromise<DownloadedFile, ActivityLogFiltersDto>('exportSummary'),
  },
  actions: {
    saveFile: (_, _params: { file: DownloadedFile }) => {
      throw new Error('activity log implementation "saveFile" was not provided');
    },
    reportExportFailure: (_, _params: { text: string }) => {
      throw new Error('activity log implementation "reportExportFailure" was not provided');
    },
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: ActivityLogQuery }) => !sameQuery(context.query, query),
  },
}).createMachine({
  id: 'activityLog',
  type: 'parallel',
  context: ({ input }) => ({ query: input.query, page: null, error: null, customerGroups: [] }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'activityLog.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
          reenter: true,
          actions: assign({ query: ({ event }) => event.query }),
        },
        'activityLog.reload': { target: '.loading', reenter: true },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequestDto(context.query),
            onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ page: null, error: ({ event }) => loadErrorText(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    customerGroups: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadCustomerGroups',
            onDone: { target: 'loaded', actions: assign({ customerGroups: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        /** The filter then offers only the default (the user's own group and below). */
        failed: {},
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'activityLog.export': 'exporting' } },
        exporting: {
          invoke: {
            src: 'exportSummary',
            input: ({ context }) => filtersDto(context.query.filters),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) } },
            onError: {
              target: 'idle',
              actions: { type: 'reportExportFailure', params: ({ event }) => ({ text: loadErrorText(event.error) }) },
            },
          },
        },
      },
    },
  },
});

export type ActivityLogSnapshot = SnapshotFrom<typeof activityLogMachine>;
