import type { AssignableUsersPageDto, AssignedUserDto, AssignOnCallDto, OnCallRecipientsDto } from '@beacon/contracts';
import { isoInstant, nextWeekStart, PERIOD_DETAIL, startOfWeek } from '@beacon/domain';
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { DownloadedFile } from '../../../../api/api-client';
import { errorText, formErrors, isApiError } from '../../../../api/api-error';
import { readPeriodTimes, periodTimesText, type PeriodTimeField, type PeriodTimes, type PeriodTimesErrors, type PeriodTimesText } from '../../../../formatting/on-call-times';
import type { AssignMode, RosterRange } from '../dataset-on-call-api';

export type OnCallExport = 'roster' | 'periods' | 'report';

export interface OnCallRosterInput {
  groupId: string;
  /** The group's time zone: weeks run Monday to Monday on its clocks, and times are typed in it. */
  timeZone: string;
  /** The moment the screen opened: this week is the week holding it. */
  now: number;
}

/** The assignment form: the period, how it is given, and what the server said of the last try. */
export interface Assignment {
  text: PeriodTimesText;
  mode: AssignMode;
  touched: readonly PeriodTimeField[];
  submitted: boolean;
  serverErrors: PeriodTimesErrors;
  /** The refusal's messages: who is on call already, and why nobody was assigned. */
  messages: readonly string[];
}

/** A user the last assignment was about, with their name as the roster showed it. */
export interface AssignmentResult extends AssignedUserDto {
  name: string;
}

export interface OnCallRosterContext extends OnCallRosterInput {
  /** Monday 00:00 of the week shown, on the group's clocks (epoch milliseconds). */
  weekStart: number;
  /** The users of the groups below count too (roster, who is on call, files). */
  includeSubGroups: boolean;
  page: number;
  pageSize: number;
  roster: AssignableUsersPageDto | null;
  rosterError: string | null;
  onCallNow: OnCallRecipientsDto | null;
  nowError: string | null;
  /** The users chosen for an assignment, by id. */
  selected: readonly string[];
  /** Their names, as the roster showed them. */
  names: ReadonlyMap<string, string>;
  assignment: Assignment;
  results: readonly AssignmentResult[] | null;
  warnings: readonly string[];
  exporting: OnCallExport | null;
}

export type OnCallRosterEvent =
  | { type: 'roster.week'; to: 'previous' | 'next' | 'current' }
  | { type: 'roster.subGroups'; include: boolean }
  | { type: 'roster.page'; page: number }
  | { type: 'roster.pageSize'; pageSize: number }
  /** Read the roster and who is on call again (Try again, or a live update). */
  | { type: 'roster.reload' }
  | { type: 'now.reload' }
  | { type: 'assign.select'; users: readonly { id: string; name: string }[]; selected: boolean }
  | { type: 'assign.change'; patch: Partial<PeriodTimesText> }
  | { type: 'assign.mode'; mode: AssignMode }
  | { type: 'assign.submit' }
  | { type: 'results.dismiss' }
  | { type: 'warnings.dismiss' }
  | { type: 'export'; file: OnCallExport };

export const ASSIGNED_TEXT = 'Assignment done: see each user’s result.';
export const CHOOSE_USERS_TEXT = 'Choose the users to put on call.';
export const ROSTER_PAGE_SIZES = [25, 50, 100] as const;

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`on-call roster implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`on-call roster implementation "${name}" was not provided`);
}

/** The week shown, as the calls take it. */
export const rosterRange = (context: Pick<OnCallRosterContext, 'weekStart' | 'timeZone' | 'includeSubGroups'>): RosterRange => ({
  start_date: isoInstant(context.weekStart),
  end_date: isoInstant(nextWeekStart(context.weekStart, context.timeZone)),
  all: context.includeSubGroups,
});

/** The whole week as the assignment form first offers it. */
const weekTimes = (weekStart: number, timeZone: string) =>
  periodTimesText({ start_date: isoInstant(weekStart), end_date: isoInstant(nextWeekStart(weekStart, timeZone)) }, timeZone);

/** The rules' messages for the typed times: those of fields changed, or all once an assignment was asked for. */
export function visibleAssignmentErrors(assignment: Assignment, timeZone: string): PeriodTimesErrors {
  const { errors } = readPeriodTimes(assignment.text, timeZone);
  const shown: Record<string, readonly string[]> = {};
  for (const field of ['start_date', 'end_date'] as const) {
    const server = assignment.serverErrors[field];
    if (server && server.length > 0) shown[field] = server;
    else if ((assignment.submitted || assignment.touched.includes(field)) && errors[field]) shown[field] = errors[field];
  }
  return shown;
}

/** A refused assignment: why nobody was assigned first, then who is on call then; times by their field. */
function refusalOf(error: unknown): Pick<Assignment, 'serverErrors' | 'messages'> {
  const { fields, messages } = formErrors(error, ['start_date', 'end_date']);
  const detail = isApiError(error) && typeof (error.data as { detail?: unknown } | null)?.detail === 'string' ? (error.data as { detail: string }).detail : null;
  // "Invalid on-call period." says nothing more than the fields' own messages.
  const general = Object.keys(fields).length > 0 ? messages.filter((message) => message !== PERIOD_DETAIL) : messages;
  const ordered = detail !== null && general.includes(detail) ? [detail, ...general.filter((message) => message !== detail)] : general;
  return { serverErrors: fields, messages: ordered };
}

const weekMoved = (context: OnCallRosterContext, weekStart: number) => ({
  weekStart,
  page: 1,
  assignment: context.assignment.touched.length === 0 ? { ...context.assignment, text: weekTimes(weekStart, context.timeZone) } : context.assignment,
});

/**
 * A dataset's roster (spec part 2 §7, on call; users and on call): who is on call now; for a chosen
 * week, the users who can be put on call with their periods, a page at a time; assigning the chosen
 * users a period (entire: all or nothing; parts: the stretches each is free), with each user's result
 * and the staffing warnings; and the group's files for the week.
 */
export const onCallRosterMachine = setup({
  types: {
    context: {} as OnCallRosterContext,
    events: {} as OnCallRosterEvent,
    input: {} as OnCallRosterInput,
  },
  actors: {
    loadRoster: providedPromise<AssignableUsersPageDto, { groupId: string; range: RosterRange; page: number; pageSize: number }>('loadRoster'),
    loadOnCallNow: providedPromise<OnCallRecipientsDto, { groupId: string; all: boolean }>('loadOnCallNow'),
    assign: providedPromise<AssignOnCallDto, { mode: AssignMode; users: readonly string[]; times: PeriodTimes }>('assign'),
    exportFile: providedPromise<DownloadedFile, { file: OnCallExport; groupId: string; range: RosterRange }>('exportFile'),
  },
  actions: {
    saveFile: (_, _params: { file: DownloadedFile; kind: OnCallExport }) => notProvided('saveFile'),
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    reloadAll: raise({ type: 'roster.reload' }),
  },
  guards: {
    cannotAssign: ({ context }) => context.selected.length === 0 || readPeriodTimes(context.assignment.text, context.timeZone).times === null,
  },
}).createMachine({
  id: 'onCallRoster',
  type: 'parallel',
  context: ({ input }) => {
    const weekStart = startOfWeek(input.now, input.timeZone);
    return {
      ...input,
      weekStart,
      includeSubGroups: false,
      page: 1,
      pageSize: 50,
      roster: null,
      rosterError: null,
      onCallNow: null,
      nowError: null,
      selected: [],
      names: new Map(),
      assignment: { text: weekTimes(weekStart, input.timeZone), mode: 'entire', touched: [], submitted: false, serverErrors: {}, messages: [] },
      results: null,
      warnings: [],
      exporting: null,
    };
  },
  on: {
    'assign.select': {
      actions: assign(({ context, event }) => {
        const ids = event.users.map((user) => user.id);
        const names = new Map(context.names);
        for (const user of event.users) names.set(user.id, user.name);
        const selected = event.selected ? [...new Set([...context.selected, ...ids])] : context.selected.filter((id) => !ids.includes(id));
        return { selected, names, assignment: { ...context.assignment, messages: [] } };
      }),
    },
    'assign.change': {
      actions: assign({
        assignment: ({ context, event }) => {
          const changed = Object.keys(event.patch) as PeriodTimeField[];
          const serverErrors = Object.fromEntries(Object.entries(context.assignment.serverErrors).filter(([field]) => !changed.includes(field as PeriodTimeField)));
          return { ...context.assignment, text: { ...context.assignment.text, ...event.patch }, touched: [...new Set([...context.assignment.touched, ...changed])], serverErrors, messages: [] };
        },
      }),
    },
    'assign.mode': { actions: assign({ assignment: ({ context, event }) => ({ ...context.assignment, mode: event.mode, messages: [] }) }) },
    'results.dismiss': { actions: assign({ results: null }) },
    'warnings.dismiss': { actions: assign({ warnings: [] }) },
  },
  states: {
    roster: {
      initial: 'loading',
      on: {
        'roster.week': {
          target: '.loading',
          actions: assign(({ context, event }) => {
            const weekStart =
              event.to === 'current'
                ? startOfWeek(context.now, context.timeZone)
                : event.to === 'next'
                  ? nextWeekStart(context.weekStart, context.timeZone)
                  : startOfWeek(context.weekStart - 1, context.timeZone);
            return weekMoved(context, weekStart);
          }),
        },
        'roster.subGroups': { target: '.loading', actions: assign({ includeSubGroups: ({ event }) => event.include, page: 1 }) },
        'roster.page': { target: '.loading', actions: assign({ page: ({ event }) => event.page }) },
        'roster.pageSize': { target: '.loading', actions: assign({ pageSize: ({ event }) => event.pageSize, page: 1 }) },
        'roster.reload': '.loading',
      },
      states: {
        /** The page shown stays while the next one loads. */
        loading: {
          invoke: {
            src: 'loadRoster',
            input: ({ context }) => ({ groupId: context.groupId, range: rosterRange(context), page: context.page, pageSize: context.pageSize }),
            onDone: { target: 'loaded', actions: assign({ roster: ({ event }) => event.output, rosterError: null }) },
            onError: { target: 'failed', actions: assign({ rosterError: ({ event }) => errorText(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    now: {
      initial: 'loading',
      on: { 'now.reload': '.loading', 'roster.reload': '.loading', 'roster.subGroups': '.loading' },
      states: {
        loading: {
          invoke: {
            src: 'loadOnCallNow',
            input: ({ context }) => ({ groupId: context.groupId, all: context.includeSubGroups }),
            onDone: { target: 'loaded', actions: assign({ onCallNow: ({ event }) => event.output, nowError: null }) },
            onError: { target: 'failed', actions: assign({ nowError: ({ event }) => errorText(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    assignment: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'assign.submit': [
              {
                guard: 'cannotAssign',
                actions: assign({
                  assignment: ({ context }) => ({ ...context.assignment, submitted: true, messages: context.selected.length === 0 ? [CHOOSE_USERS_TEXT] : [] }),
                }),
              },
              { target: 'assigning' },
            ],
          },
        },
        assigning: {
          invoke: {
            src: 'assign',
            input: ({ context }) => ({ mode: context.assignment.mode, users: context.selected, times: readPeriodTimes(context.assignment.text, context.timeZone).times! }),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context, event }) => ({
                  results: event.output.results.map((result) => ({ ...result, name: context.names.get(result.user) ?? result.user })),
                  warnings: event.output.warnings,
                  selected: [],
                  assignment: { ...context.assignment, touched: [], submitted: false, serverErrors: {}, messages: [] },
                })),
                { type: 'notifySuccess', params: { text: ASSIGNED_TEXT } },
                'reloadAll',
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ assignment: ({ context, event }) => ({ ...context.assignment, ...refusalOf(event.error) }) }),
                { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) },
              ],
            },
          },
        },
      },
    },
    files: {
      initial: 'idle',
      states: {
        idle: { on: { export: { target: 'exporting', actions: assign({ exporting: ({ event }) => event.file }) } } },
        exporting: {
          invoke: {
            src: 'exportFile',
            input: ({ context }) => ({ file: context.exporting!, groupId: context.groupId, range: rosterRange(context) }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'saveFile', params: ({ context, event }) => ({ file: event.output, kind: context.exporting! }) }, assign({ exporting: null })],
            },
            onError: { target: 'idle', actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) }, assign({ exporting: null })] },
          },
        },
      },
    },
  },
});

export type OnCallRosterSnapshot = SnapshotFrom<typeof onCallRosterMachine>;
