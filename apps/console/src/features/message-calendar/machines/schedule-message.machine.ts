import type { ScenarioListEntryDto, ScheduleSessionRequest, SessionStartedDto } from '@beacon/contracts';
import { displayInstant, REQUIRED } from '@beacon/domain';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText, formErrors } from '../../../api/api-error';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { scheduleMoment } from '../schedule-moment';

export interface ScheduleInput {
  /** The user's time zone: the date and time are read on its clocks. */
  timeZone: string;
  /** The day the form starts with (YYYY-MM-DD). */
  date: string;
}

/** Where the form shows each message: the message, the date, the time, and the moment as a whole (the server's `scheduled_for`). */
export interface ScheduleErrors {
  scenario: readonly string[];
  date: readonly string[];
  time: readonly string[];
  scheduled_for: readonly string[];
}

export interface ScheduleContext extends ScheduleInput {
  /** The messages the user may schedule; null until read. */
  messages: readonly ScenarioListEntryDto[] | null;
  loadError: string | null;
  /** The chosen message's id; '' for none. */
  scenario: string;
  /** As the date input gives it (YYYY-MM-DD). */
  date: string;
  /** As the time input gives it (HH:MM or HH:MM:SS). */
  time: string;
  errors: ScheduleErrors;
  /** What the server said that is about no field (a message gone meanwhile, no connection). */
  formMessages: readonly string[];
  /** Names this request to the server; kept while the form is unchanged, so a retry schedules once. */
  idempotencyKey: string | null;
  /** The moment falls on a holiday or weekend the message checks: said, not stopped. */
  warning: string | null;
  /** The server's answer once scheduled. */
  scheduled: SessionStartedDto | null;
}

export type ScheduleEvent =
  | { type: 'schedule.reload' }
  | { type: 'schedule.message'; scenario: string }
  | { type: 'schedule.date'; date: string }
  | { type: 'schedule.time'; time: string }
  | { type: 'schedule.submit' };

/** What the holiday check is asked about. */
export interface HolidayCheckInput {
  scenarioId: string;
  name: string;
  /** ISO 8601 with offset. */
  at: string;
}

export interface ScheduleRequest {
  request: ScheduleSessionRequest;
  idempotencyKey: string;
}

/** How long the holiday check waits after the last change: a time input changes with every digit. */
export const HOLIDAY_CHECK_DELAY_MS = 400;

const NO_ERRORS: ScheduleErrors = { scenario: [], date: [], time: [], scheduled_for: [] };

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`schedule message implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`schedule message implementation "${name}" was not provided`);
}

const nameOf = (context: ScheduleContext) => context.messages?.find((message) => message.id === context.scenario)?.name ?? '';

/** The form's own checks: a message chosen, a date and a time that exist on the user's clocks. */
function formErrorsOf(context: ScheduleContext): ScheduleErrors {
  const moment = scheduleMoment(context.date, context.time, context.timeZone);
  const chosen = context.scenario !== '' && nameOf(context) !== '';
  return { ...NO_ERRORS, scenario: chosen ? [] : [REQUIRED], ...('errors' in moment ? moment.errors : {}) };
}

const hasErrors = (errors: ScheduleErrors) => Object.values(errors).some((messages: readonly string[]) => messages.length > 0);

const momentOf = (context: ScheduleContext): string | null => {
  const moment = scheduleMoment(context.date, context.time, context.timeZone);
  return 'iso' in moment ? moment.iso : null;
};

/**
 * Schedule Message (spec part 2 §2, §7): reads the caller's messages, then takes a message, a date
 * and a time on the user's clocks, and schedules it with POST /api/session/ at that instant (ISO with
 * its offset). A refusal puts the server's words at the field it names. The request carries an
 * Idempotency-Key made on the first Schedule and kept until the form changes, so a second click or a
 * retry after a lost answer schedules the message once. While the form is complete, the message's
 * holiday and weekend checks are asked about the moment; a day they find is a warning, not a block.
 */
export const scheduleMessageMachine = setup({
  types: {
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    input: {} as ScheduleInput,
  },
  actors: {
    loadMessages: providedPromise<ScenarioListEntryDto[], void>('loadMessages'),
    /** The warning for the moment, or null when the message checks nothing that day (or the check cannot be made). */
    checkHoliday: providedPromise<string | null, HolidayCheckInput>('checkHoliday'),
    scheduleSession: providedPromise<SessionStartedDto, ScheduleRequest>('scheduleSession'),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    /** A new key: the form changed, so the next Schedule is another request. */
    forgetKey: assign({ idempotencyKey: null }),
  },
  guards: {
    isComplete: ({ context }) => !hasErrors(formErrorsOf(context)),
    canCheckHoliday: ({ context }) => context.scenario !== '' && nameOf(context) !== '' && momentOf(context) !== null,
  },
}).createMachine({
  id: 'scheduleMessage',
  initial: 'loading',
  context: ({ input }) => ({
    ...input,
    messages: null,
    loadError: null,
    scenario: '',
    time: '',
    errors: NO_ERRORS,
    formMessages: [],
    idempotencyKey: null,
    warning: null,
    scheduled: null,
  }),
  states: {
    loading: {
      invoke: {
        src: 'loadMessages',
        onDone: { target: 'ready', actions: assign({ messages: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: { on: { 'schedule.reload': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'schedule.message': {
          target: '.warning.waiting',
          actions: [
            assign(({ context, event }) => ({ scenario: event.scenario, errors: { ...context.errors, scenario: [] }, warning: null })),
            'forgetKey',
          ],
        },
        'schedule.date': {
          target: '.warning.waiting',
          actions: [
            assign(({ context, event }) => ({ date: event.date, errors: { ...context.errors, date: [], scheduled_for: [] }, warning: null })),
            'forgetKey',
          ],
        },
        'schedule.time': {
          target: '.warning.waiting',
          actions: [
            assign(({ context, event }) => ({ time: event.time, errors: { ...context.errors, time: [], scheduled_for: [] }, warning: null })),
            'forgetKey',
          ],
        },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'schedule.submit': [
                  {
                    guard: 'isComplete',
                    target: 'scheduling',
                    actions: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? newIdempotencyKey() }),
                  },
                  { actions: assign(({ context }) => ({ errors: formErrorsOf(context), formMessages: [] })) },
                ],
              },
            },
            /** A second Schedule meanwhile is the same request: it is not sent again. */
            scheduling: {
              entry: assign({ errors: NO_ERRORS, formMessages: [] }),
              invoke: {
                src: 'scheduleSession',
                input: ({ context }) => ({
                  request: { scenario: context.scenario, scheduled_for: momentOf(context)! },
                  idempotencyKey: context.idempotencyKey!,
                }),
                onDone: {
                  target: 'scheduled',
                  actions: [
                    assign({ scheduled: ({ event }) => event.output }),
                    {
                      type: 'notifySuccess',
                      params: ({ context, event }) => ({
                        text: `“${nameOf(context)}” scheduled for ${displayInstant(new Date(event.output.scheduled_for ?? momentOf(context)!), context.timeZone)}.`,
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: assign(({ event }) => {
                    const { fields, messages } = formErrors(event.error, ['scenario', 'scheduled_for']);
                    return { errors: { ...NO_ERRORS, scenario: fields.scenario ?? [], scheduled_for: fields.scheduled_for ?? [] }, formMessages: messages };
                  }),
                },
              },
            },
            /** Done: the screen returns to the calendar. */
            scheduled: { type: 'final' },
          },
        },
        warning: {
          initial: 'waiting',
          states: {
            idle: {},
            waiting: {
              after: { [HOLIDAY_CHECK_DELAY_MS]: [{ guard: 'canCheckHoliday', target: 'checking' }, { target: 'idle' }] },
            },
            checking: {
              invoke: {
                src: 'checkHoliday',
                input: ({ context }) => ({ scenarioId: context.scenario, name: nameOf(context), at: momentOf(context)! }),
                onDone: { target: 'idle', actions: assign({ warning: ({ event }) => event.output }) },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});

export type ScheduleSnapshot = SnapshotFrom<typeof scheduleMessageMachine>;
