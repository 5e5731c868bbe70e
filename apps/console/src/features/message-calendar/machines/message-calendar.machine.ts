import type { RunResultDto, ScenarioListEntryDto } from '@beacon/contracts';
import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import { periodDays, type CalendarPeriod } from '../calendar-period';
import { calendarSessions, isFinished, listsSession, withSessionChange, type SessionStatus } from '../calendar-sessions';

export interface CalendarInput {
  /** The user's time zone: the days the sessions fall on. */
  timeZone: string;
  period: CalendarPeriod;
}

export interface CalendarContext extends CalendarInput {
  /** The caller's messages with their sessions; null until the first answer. */
  entries: readonly ScenarioListEntryDto[] | null;
  /** Why the list could not be read, in the user's words. */
  error: string | null;
  /** Something changed while the list was being read: it is read once more after. */
  stale: boolean;
  /** Run results read so far, by session: deliveries by state, and what the list may not know yet. */
  results: ReadonlyMap<string, RunResultDto>;
  /** Sessions whose run result is to be read (again). */
  pending: readonly string[];
  /** Sessions whose run result is being read. */
  reading: readonly string[];
}

export type CalendarEvent =
  /** The URL's period changed (Previous, Next, Today, another view, Back). */
  | { type: 'calendar.period'; period: CalendarPeriod }
  /** Read the list again (Try again, a message changed or a session the list does not have yet). */
  | { type: 'calendar.reload' }
  /** A live update: a session was scheduled, started, planned or finished. */
  | { type: 'calendar.sessionChanged'; id: string; status: SessionStatus; recipients?: number; deliveries?: number }
  /** A live update: some of a session's deliveries moved on. */
  | { type: 'calendar.deliveriesChanged'; id: string };

/** Run results read in one round; the rest wait for the next, so a busy month never floods the server. */
export const RESULTS_PER_ROUND = 20;
/** The pause between rounds: deliveries report many times a second while a session sends, and one read a second per session is plenty. */
export const RESULTS_ROUND_MS = 1000;

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`message calendar implementation "${name}" was not provided`)));
}

/** The sessions the period shows. */
function shownSessions(context: CalendarContext) {
  if (context.entries === null) return [];
  const days = new Set(periodDays(context.period));
  return calendarSessions(context.entries, context.results, context.timeZone).filter((session) => days.has(session.day));
}

/** Sessions shown that have started and whose result is missing or may still change. */
function wantedResults(context: CalendarContext): string[] {
  return shownSessions(context)
    .filter((session) => session.status !== 'scheduled')
    .filter((session) => {
      const result = context.results.get(session.id);
      return !result || !isFinished(result.status);
    })
    .map((session) => session.id);
}

const isShown = (context: CalendarContext, id: string) => shownSessions(context).some((session) => session.id === id);

const queued = (pending: readonly string[], ids: readonly string[]) => [...new Set([...pending, ...ids])];

/**
 * Message Calendar (spec part 2 §2, §7): the caller's messages with their sessions sent and
 * scheduled (GET /api/scenario/ with include_sessions and include_scheduled), and the run result of
 * each started session the period shows, for its delivered count. Live updates keep it current: a
 * session the list has changes in place and its result is read again; one it does not have (just
 * scheduled or sent) or a changed message reads the list again. Reads are bounded: a change during a
 * read asks for one more read after it, and results are read at most RESULTS_PER_ROUND a round, a
 * round every RESULTS_ROUND_MS.
 */
export const messageCalendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as CalendarInput,
  },
  actors: {
    loadSessions: providedPromise<ScenarioListEntryDto[], void>('loadSessions'),
    /** The run results of the sessions; one that cannot be read is left out (its counts show as unknown). */
    readResults: providedPromise<RunResultDto[], { ids: readonly string[] }>('readResults'),
    /** Sends `calendar.sessionChanged`, `calendar.deliveriesChanged` and `calendar.reload` as live updates arrive. */
    watchSessions: fromCallback(() => {
      throw new Error('message calendar implementation "watchSessions" was not provided');
    }),
  },
  actions: {
    askForShownResults: assign({ pending: ({ context }) => queued(context.pending, wantedResults(context)) }),
  },
  guards: {
    isStale: ({ context }) => context.stale,
    hasPending: ({ context }) => context.pending.length > 0,
    listsSession: ({ context }, { id }: { id: string }) => context.entries !== null && listsSession(context.entries, id),
  },
}).createMachine({
  id: 'messageCalendar',
  type: 'parallel',
  context: ({ input }) => ({ ...input, entries: null, error: null, stale: false, results: new Map(), pending: [], reading: [] }),
  invoke: { src: 'watchSessions' },
  on: {
    'calendar.period': { actions: [assign({ period: ({ event }) => event.period }), 'askForShownResults'] },
    'calendar.sessionChanged': [
      {
        guard: { type: 'listsSession', params: ({ event }) => ({ id: event.id }) },
        actions: assign(({ context, event }) => {
          const entries = withSessionChange(context.entries!, event.id, event);
          const changed = { ...context, entries };
          return { entries, pending: event.status !== 'scheduled' && isShown(changed, event.id) ? queued(context.pending, [event.id]) : context.pending };
        }),
      },
      // A session the list does not have yet: scheduled or sent just now.
      { actions: raise({ type: 'calendar.reload' }) },
    ],
    'calendar.deliveriesChanged': {
      actions: assign({ pending: ({ context, event }) => (isShown(context, event.id) ? queued(context.pending, [event.id]) : context.pending) }),
    },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ stale: false }),
          on: { 'calendar.reload': { actions: assign({ stale: true }) } },
          invoke: {
            src: 'loadSessions',
            onDone: [
              { guard: 'isStale', target: 'loading', reenter: true, actions: [assign({ entries: ({ event }) => event.output, error: null }), 'askForShownResults'] },
              { target: 'loaded', actions: [assign({ entries: ({ event }) => event.output, error: null }), 'askForShownResults'] },
            ],
            onError: [
              { guard: 'isStale', target: 'loading', reenter: true },
              { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
            ],
          },
        },
        loaded: { on: { 'calendar.reload': 'loading' } },
        /** The last read failed; what was read before stays on screen. */
        failed: { on: { 'calendar.reload': 'loading' } },
      },
    },
    results: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasPending', target: 'reading' } },
        reading: {
          // An id asked for again while it is read stays pending: its answer may predate the change.
          entry: assign(({ context }) => ({ reading: context.pending.slice(0, RESULTS_PER_ROUND), pending: context.pending.slice(RESULTS_PER_ROUND) })),
          exit: assign({ reading: [] }),
          invoke: {
            src: 'readResults',
            input: ({ context }) => ({ ids: context.reading }),
            onDone: {
              target: 'resting',
              actions: assign(({ context, event }) => {
                const results = new Map(context.results);
                for (const result of event.output) results.set(result.session_id, result);
                return { results };
              }),
            },
            onError: 'resting',
          },
        },
        resting: { after: { [RESULTS_ROUND_MS]: 'idle' } },
      },
    },
  },
});

export type CalendarSnapshot = SnapshotFrom<typeof messageCalendarMachine>;
