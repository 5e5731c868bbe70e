import type {
  IncidentDto,
  IncidentFormDto,
  IncidentPageDto,
  IncidentReportSummaryDto,
  IncidentReportSummaryRequest,
} from '@beacon/contracts';
import { assign, cancel, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { loadErrorText } from '../../../api/load-error-text';
import { withLiveIncident } from '../incident-rows';
import { pageRequest, sameQuery, summaryRequest, type IncidentPageRequest, type IncidentReportQuery } from '../incident-reports-query';

export interface IncidentReportsInput {
  /** The query the URL holds when the screen opens. */
  query: IncidentReportQuery;
}

export interface IncidentReportsContext {
  query: IncidentReportQuery;
  /** The last page loaded; it stays on screen while the next one loads. */
  page: IncidentPageDto | null;
  /** Why the last load of the list failed, in the words the user sees. */
  error: string | null;
  summary: IncidentReportSummaryDto | null;
  /** The summary request the summary shown (or loading) answers, as JSON, to load it only when it changes. */
  summaryKey: string | null;
  summaryError: string | null;
  forms: readonly IncidentFormDto[];
}

export type IncidentReportsEvent =
  /** The URL's query changed (filters applied, another page or page size, back and forward). */
  | { type: 'incidentReports.query'; query: IncidentReportQuery }
  /** Load the same query again (Apply with unchanged filters, Try again). */
  | { type: 'incidentReports.reload' }
  /** A live update: an incident as it now stands. */
  | { type: 'incidentReports.incidentChanged'; incident: IncidentDto }
  /** Re-read list and summary quietly after live changes. */
  | { type: 'incidentReports.refresh' };

const summaryKeyOf = (query: IncidentReportQuery) => JSON.stringify(summaryRequest(query.filters));

/** The machine only names its side effects; the screen provides them and tests stub them. */
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`incident reports implementation "${name}" was not provided`)));
}

/**
 * The incident reports screen: the page of incidents the URL's query asks for, the summary of the
 * same filters, and the forms the filter offers. A new query replaces a load under way, so the last
 * one asked for is the one shown. Live updates change a shown row at once; list and summary are
 * then re-read (once for a burst of changes), which brings in new incidents and new counts.
 */
export const incidentReportsMachine = setup({
  types: {
    context: {} as IncidentReportsContext,
    events: {} as IncidentReportsEvent,
    input: {} as IncidentReportsInput,
  },
  actors: {
    loadPage: providedPromise<IncidentPageDto, IncidentPageRequest>('loadPage'),
    loadSummary: providedPromise<IncidentReportSummaryDto, IncidentReportSummaryRequest>('loadSummary'),
    loadForms: providedPromise<IncidentFormDto[], void>('loadForms'),
  },
  delays: {
    /** Long enough to gather a burst of changes into one re-read, short enough to feel live. */
    liveRefresh: 300,
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: IncidentReportQuery }) => !sameQuery(context.query, query),
    isNewSummary: ({ context }, { query }: { query: IncidentReportQuery }) => context.summaryKey !== summaryKeyOf(query),
  },
  actions: {
    showLiveIncident: assign({
      page: ({ context }, { incident }: { incident: IncidentDto }) => (context.page ? withLiveIncident(context.page, incident) : null),
    }),
    scheduleRefresh: raise({ type: 'incidentReports.refresh' }, { id: 'liveRefresh', delay: 'liveRefresh' }),
    cancelRefresh: cancel('liveRefresh'),
  },
}).createMachine({
  id: 'incidentReports',
  type: 'parallel',
  // Transitions stay inside their region (no reenter): re-entering a region would restart the others too.
  context: ({ input }) => ({
    query: input.query,
    page: null,
    error: null,
    summary: null,
    summaryKey: null,
    summaryError: null,
    forms: [],
  }),
  on: {
    'incidentReports.incidentChanged': {
      actions: [
        { type: 'showLiveIncident', params: ({ event }) => ({ incident: event.incident }) },
        'cancelRefresh',
        'scheduleRefresh',
      ],
    },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'incidentReports.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
          actions: assign({ query: ({ event }) => event.query }),
        },
        'incidentReports.reload': '.loading',
        'incidentReports.refresh': '.refreshing',
      },
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequest(context.query),
            onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ page: null, error: ({ event }) => loadErrorText(event.error) }) },
          },
        },
        /** Like loading, but the rows on screen stay as they are until the answer comes. */
        refreshing: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequest(context.query),
            onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => loadErrorText(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    summary: {
      initial: 'loading',
      entry: assign({ summaryKey: ({ context }) => summaryKeyOf(context.query) }),
      on: {
        'incidentReports.query': {
          guard: { type: 'isNewSummary', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
          actions: assign({ summaryKey: ({ event }) => summaryKeyOf(event.query) }),
        },
        'incidentReports.reload': '.loading',
        'incidentReports.refresh': '.loading',
      },
      states: {
        loading: {
          invoke: {
            src: 'loadSummary',
            input: ({ context }) => summaryRequest(context.query.filters),
            onDone: { target: 'loaded', actions: assign({ summary: ({ event }) => event.output, summaryError: null }) },
            onError: {
              target: 'failed',
              actions: assign({ summary: null, summaryError: ({ event }) => loadErrorText(event.error) }),
            },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    forms: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadForms',
            onDone: { target: 'loaded', actions: assign({ forms: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        /** The form filter then offers only "All forms". */
        failed: {},
      },
    },
  },
});

export type IncidentReportsSnapshot = SnapshotFrom<typeof incidentReportsMachine>;
