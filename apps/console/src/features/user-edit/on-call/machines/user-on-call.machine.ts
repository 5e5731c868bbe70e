import type { OnCallPeriodChangeDto, OnCallPeriodDto, OnCallPeriodRemovalDto, OnCallWeekDto } from '@beacon/contracts';
import { PERIOD_DETAIL } from '@beacon/domain';
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { DownloadedFile } from '../../../../api/api-client';
import { errorText, formErrors } from '../../../../api/api-error';
import {
  EMPTY_PERIOD_TIMES,
  periodTimesText,
  readPeriodTimes,
  shiftDay,
  type PeriodTimeField,
  type PeriodTimes,
  type PeriodTimesErrors,
  type PeriodTimesText,
} from '../../../../formatting/on-call-times';

export interface UserOnCallInput {
  userId: string;
  /** The user's time zone: periods show and are typed in it. */
  timeZone: string;
  /** Admins and operators change rosters; the others read them. */
  canWrite: boolean;
}

/** The period form: a new period (`periodId` null) or a change to one. */
export interface PeriodEditor {
  periodId: string | null;
  text: PeriodTimesText;
  /** The fields changed since the form opened: their rules show as they are typed. */
  touched: readonly PeriodTimeField[];
  /** A save was asked for: every rule shows. */
  submitted: boolean;
  /** The server's messages by field, each kept until its field changes. */
  serverErrors: PeriodTimesErrors;
  /** The server's messages about the period as a whole (an overlap). */
  messages: readonly string[];
  /** The times of the period being changed: a field left as shown keeps its instant (the clocks' repeated hour names two). */
  original?: PeriodTimes;
}

export interface UserOnCallContext extends UserOnCallInput {
  /** The week asked for last (YYYY-MM-DD of its Monday), or null for this week. */
  from: string | null;
  week: OnCallWeekDto | null;
  loadError: string | null;
  editor: PeriodEditor | null;
  /** The period being deleted. */
  removing: OnCallPeriodDto | null;
  /** The staffing warnings of the last change: advice, never a refusal. */
  warnings: readonly string[];
}

export type UserOnCallEvent =
  | { type: 'week.previous' }
  | { type: 'week.next' }
  | { type: 'week.current' }
  /** Read the week again (Try again, or a live update says the user's periods changed). */
  | { type: 'week.reload' }
  | { type: 'period.add' }
  | { type: 'period.edit'; period: OnCallPeriodDto }
  | { type: 'period.change'; patch: Partial<PeriodTimesText> }
  | { type: 'period.submit' }
  | { type: 'period.cancel' }
  /** The user confirmed the deletion. */
  | { type: 'period.remove'; period: OnCallPeriodDto }
  | { type: 'periods.export' }
  | { type: 'warnings.dismiss' };

export interface SavePeriodInput {
  userId: string;
  periodId: string | null;
  times: PeriodTimes;
}

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`user on-call implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`user on-call implementation "${name}" was not provided`);
}

export const PERIOD_ADDED_TEXT = 'On-call period added.';
export const PERIOD_CHANGED_TEXT = 'On-call period changed.';
export const PERIOD_DELETED_TEXT = 'On-call period deleted.';

/** The Monday (YYYY-MM-DD) of the week asked for last, else of the week shown. */
const mondayOf = (context: UserOnCallContext) => context.from ?? context.week!.start_date.slice(0, 10);

/** The server's refusal by field; its general "Invalid on-call period." only when nothing says more. */
function refusalOf(error: unknown): Pick<PeriodEditor, 'serverErrors' | 'messages'> {
  const { fields, messages } = formErrors(error, ['start_date', 'end_date']);
  const saysMore = Object.keys(fields).length > 0 || messages.some((message) => message !== PERIOD_DETAIL);
  return { serverErrors: fields, messages: saysMore ? messages.filter((message) => message !== PERIOD_DETAIL) : messages };
}

const openEditor = (periodId: string | null, text: PeriodTimesText, original?: PeriodTimes): PeriodEditor => ({
  periodId,
  text,
  ...(original ? { original } : {}),
  touched: [],
  submitted: false,
  serverErrors: {},
  messages: [],
});

/** The rules' messages for the typed times: those of fields changed, or all once a save was asked for. */
export function visiblePeriodErrors(editor: PeriodEditor, timeZone: string): PeriodTimesErrors {
  const { errors } = readPeriodTimes(editor.text, timeZone, editor.original);
  const shown: Record<string, readonly string[]> = {};
  for (const field of ['start_date', 'end_date'] as const) {
    const server = editor.serverErrors[field];
    if (server && server.length > 0) shown[field] = server;
    else if ((editor.submitted || editor.touched.includes(field)) && errors[field]) shown[field] = errors[field];
  }
  return shown;
}

/**
 * A user's On call tab (spec part 2 §7, users and on call): one week of the user's periods (this week
 * first, then the one before or after), read again on a live update; adding, moving and deleting a
 * period for those who change rosters, with the times typed in the user's time zone and checked as the
 * server checks them (the server's refusals next to their field); the staffing warnings a change
 * answers; and the export of the user's periods.
 */
export const userOnCallMachine = setup({
  types: {
    context: {} as UserOnCallContext,
    events: {} as UserOnCallEvent,
    input: {} as UserOnCallInput,
  },
  actors: {
    loadWeek: providedPromise<OnCallWeekDto[], { userId: string; from: string | null }>('loadWeek'),
    savePeriod: providedPromise<OnCallPeriodChangeDto, SavePeriodInput>('savePeriod'),
    removePeriod: providedPromise<OnCallPeriodRemovalDto, { periodId: string }>('removePeriod'),
    exportPeriods: providedPromise<DownloadedFile, { userId: string }>('exportPeriods'),
  },
  actions: {
    saveFile: (_, _params: { file: DownloadedFile }) => notProvided('saveFile'),
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    reloadWeek: raise({ type: 'week.reload' }),
    keepWarnings: assign({ warnings: (_, { warnings }: { warnings: readonly string[] }) => warnings }),
  },
  guards: {
    canWrite: ({ context }) => context.canWrite,
    weekKnown: ({ context }) => context.from !== null || context.week !== null,
    timesInvalid: ({ context }) => context.editor === null || readPeriodTimes(context.editor.text, context.timeZone, context.editor.original).times === null,
  },
}).createMachine({
  id: 'userOnCall',
  type: 'parallel',
  context: ({ input }) => ({ ...input, from: null, week: null, loadError: null, editor: null, removing: null, warnings: [] }),
  states: {
    week: {
      initial: 'loading',
      on: {
        'week.previous': { guard: 'weekKnown', target: '.loading', actions: assign({ from: ({ context }) => shiftDay(mondayOf(context), -7) }) },
        'week.next': { guard: 'weekKnown', target: '.loading', actions: assign({ from: ({ context }) => shiftDay(mondayOf(context), 7) }) },
        'week.current': { target: '.loading', actions: assign({ from: null }) },
        'week.reload': '.loading',
      },
      states: {
        /** The week shown stays on screen while the next one loads. */
        loading: {
          invoke: {
            src: 'loadWeek',
            input: ({ context }) => ({ userId: context.userId, from: context.from }),
            onDone: {
              target: 'loaded',
              actions: assign(({ event }) => {
                const week = event.output[0] ?? null;
                return { week, from: week === null ? null : week.start_date.slice(0, 10), loadError: null };
              }),
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          entry: assign({ editor: null }),
          on: {
            'period.add': { guard: 'canWrite', target: 'open', actions: assign({ editor: () => openEditor(null, EMPTY_PERIOD_TIMES) }) },
            'period.edit': {
              guard: 'canWrite',
              target: 'open',
              actions: assign({ editor: ({ context, event }) => openEditor(event.period.on_call_period_id, periodTimesText(event.period, context.timeZone), event.period) }),
            },
          },
        },
        open: {
          initial: 'editing',
          on: {
            'period.change': {
              actions: assign({
                editor: ({ context, event }) => {
                  const editor = context.editor!;
                  const changed = Object.keys(event.patch) as PeriodTimeField[];
                  const serverErrors = Object.fromEntries(Object.entries(editor.serverErrors).filter(([field]) => !changed.includes(field as PeriodTimeField)));
                  return { ...editor, text: { ...editor.text, ...event.patch }, touched: [...new Set([...editor.touched, ...changed])], serverErrors, messages: [] };
                },
              }),
            },
          },
          states: {
            editing: {
              on: {
                'period.submit': [
                  { guard: 'timesInvalid', actions: assign({ editor: ({ context }) => ({ ...context.editor!, submitted: true }) }) },
                  { target: 'saving' },
                ],
                'period.cancel': '#userOnCall.editor.closed',
                'period.add': { actions: assign({ editor: () => openEditor(null, EMPTY_PERIOD_TIMES) }) },
                'period.edit': {
                  actions: assign({ editor: ({ context, event }) => openEditor(event.period.on_call_period_id, periodTimesText(event.period, context.timeZone), event.period) }),
                },
              },
            },
            saving: {
              invoke: {
                src: 'savePeriod',
                input: ({ context }) => ({
                  userId: context.userId,
                  periodId: context.editor!.periodId,
                  times: readPeriodTimes(context.editor!.text, context.timeZone, context.editor!.original).times!,
                }),
                onDone: {
                  target: '#userOnCall.editor.closed',
                  actions: [
                    { type: 'notifySuccess', params: ({ context }) => ({ text: context.editor!.periodId === null ? PERIOD_ADDED_TEXT : PERIOD_CHANGED_TEXT }) },
                    { type: 'keepWarnings', params: ({ event }) => ({ warnings: event.output.warnings }) },
                    'reloadWeek',
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign({
                      editor: ({ context, event }) => ({ ...context.editor!, ...refusalOf(event.error) }),
                    }),
                    { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ removing: null }),
          on: { 'period.remove': { guard: 'canWrite', target: 'removing', actions: assign({ removing: ({ event }) => event.period }) } },
        },
        removing: {
          invoke: {
            src: 'removePeriod',
            input: ({ context }) => ({ periodId: context.removing!.on_call_period_id }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifySuccess', params: { text: PERIOD_DELETED_TEXT } },
                { type: 'keepWarnings', params: ({ event }) => ({ warnings: event.output.warnings }) },
                'reloadWeek',
              ],
            },
            onError: { target: 'idle', actions: { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) } },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'periods.export': 'exporting' } },
        exporting: {
          invoke: {
            src: 'exportPeriods',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) } },
            onError: { target: 'idle', actions: { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) } },
          },
        },
      },
    },
  },
  on: {
    'warnings.dismiss': { actions: assign({ warnings: [] }) },
  },
});

export type UserOnCallSnapshot = SnapshotFrom<typeof userOnCallMachine>;
