import type { QuotaUsageDto, RunResultDto, ScenarioListEntryDto, ScenarioPageDto, SessionStartedDto } from '@beacon/contracts';
import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import { SENDING_LIVE_RESOURCES } from '../message-sending-api';
import { sendFailedText, sendFailureOf, type SendFailure } from '../send-failure';
import { pageRequest, sameQuery, type MessageListQuery, type MessageListRequest } from '../../../message-list/message-list-query';
import { sessionProgressMachine, type ProgressInput } from './session-progress.machine';

/** Live changes reload the list at most this often (the progress panel follows its session faster). */
export const LIST_REFRESH_GAP_MS = 2_000;

/** The list asks for each message's latest sessions and those scheduled. */
const WITH_SESSIONS = { include_sessions: 'true', include_scheduled: 'true' } as const;

export interface SendingInput {
  /** The query the URL holds when the screen opens. */
  query: MessageListQuery;
}

/** Each listed message's latest session as run_result reads it (delivered of total), by session id. */
export type Outcomes = ReadonlyMap<string, RunResultDto>;

/** A page of messages with the outcomes of their latest sessions, and the organisation's daily quotas as used so far. */
export interface ListedPage {
  page: ScenarioPageDto;
  outcomes: Outcomes;
  /** Null when it could not be read. */
  usage: QuotaUsageDto | null;
}

/** One send the user asked for: the message and the Idempotency-Key every try of it is sent with. */
export interface SendAttempt {
  message: ScenarioListEntryDto;
  key: string;
}

export interface SendingContext extends SendingInput {
  /** The last page loaded; it stays on screen while the next one loads. */
  page: ScenarioPageDto | null;
  outcomes: Outcomes;
  /** The daily quotas and today's use, read with each page (null: not known). */
  quotaUsage: QuotaUsageDto | null;
  /** Why the list could not be loaded, in the user's words. */
  error: string | null;
  /** Something listed changed while the list was loading or just loaded: load it again after the gap. */
  listStale: boolean;
  /** The send being confirmed or started. */
  attempt: SendAttempt | null;
  /** The last send that did not start, with why. */
  failure: (SendAttempt & { reason: SendFailure }) | null;
  /** The session the progress panel follows. */
  followed: ProgressInput | null;
}

export type SendingEvent =
  /** The URL's query changed (Real / Test, the search, another page, Back). */
  | { type: 'sending.query'; query: MessageListQuery }
  /** Load the same page again (Try again). */
  | { type: 'sending.reload' }
  /** A live update of a message, a session or a session's deliveries. */
  | { type: 'sending.changed'; resource: string; id: string }
  /** Send pressed on a row: count its recipients, then ask to confirm under this key. */
  | { type: 'sending.prepare'; message: ScenarioListEntryDto; key: string }
  /** The user confirmed. */
  | { type: 'sending.confirm'; attempt: SendAttempt }
  /** Try the failed send again, under its key. */
  | { type: 'sending.retry' }
  | { type: 'sending.started' };

/** What the count tells the confirmation: how many people the message would reach now, and whether a daily quota would refuse it (null: not known, or it fits). */
export interface SendEstimate {
  people: number | null;
  quotaNote: string | null;
}

/** What the confirmation names: the message, how many people it would reach now, and a daily quota it would go past. */
export interface Confirmation extends SendAttempt, SendEstimate {}

const UNKNOWN_ESTIMATE: SendEstimate = { people: null, quotaNote: null };

function notProvided(name: string): never {
  throw new Error(`message sending implementation "${name}" was not provided`);
}

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`message sending implementation "${name}" was not provided`)));
}

/** The session ids whose outcomes the page shows: each message's latest. */
export const latestSessionIds = (page: ScenarioPageDto | null): string[] =>
  (page?.results ?? []).flatMap((entry) => (entry.sessions?.[0] ? [entry.sessions[0].id] : []));

/**
 * Send Message (spec part 2 §2, §7): a page of the messages the caller may send, each with its
 * latest sessions, reloaded when a message, a session or a listed session's deliveries change (at
 * most every LIST_REFRESH_GAP_MS); a list call that fails is tried once more on page 1 (spec §8),
 * as Message Templates does; the organisation's daily quotas are read with each page. Send counts the
 * recipients, checks them against the daily quotas and asks to confirm (`askToConfirm`); the confirmed
 * send goes with its Idempotency-Key, so a double click or a retry sends once; the started session's
 * progress is followed by its own machine (`progress`), until the next send.
 */
export const messageSendingMachine = setup({
  types: {
    context: {} as SendingContext,
    events: {} as SendingEvent,
    input: {} as SendingInput,
  },
  actors: {
    loadPage: providedPromise<ListedPage, { request: MessageListRequest; known: Outcomes }>('loadPage'),
    countRecipients: providedPromise<SendEstimate, { id: string; usage: QuotaUsageDto | null }>('countRecipients'),
    startSend: providedPromise<SessionStartedDto, { id: string; key: string }>('startSend'),
    /** Sends `sending.changed` for each live update of messages, sessions and deliveries. */
    watchSending: fromCallback(() => notProvided('watchSending')),
    followSession: sessionProgressMachine,
  },
  actions: {
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    /** Opens the confirmation; accepting it sends `sending.confirm` with the attempt. */
    askToConfirm: (_, _params: Confirmation) => notProvided('askToConfirm'),
    /** The list answers another page than the URL named (page 1 after a failure): the URL says so too. */
    showQuery: (_, _params: { query: MessageListQuery }) => notProvided('showQuery'),
    keepPage: assign((_, { listed }: { listed: ListedPage }) => ({ page: listed.page, outcomes: listed.outcomes, quotaUsage: listed.usage, error: null })),
    markListStale: assign({ listStale: true }),
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: MessageListQuery }) => !sameQuery(context.query, query),
    concernsList: ({ context }, { resource, id }: { resource: string; id: string }) =>
      resource !== SENDING_LIVE_RESOURCES.deliveries || latestSessionIds(context.page).includes(id),
    isListStale: ({ context }) => context.listStale,
    mayTryAgain: ({ context }) => context.failure?.reason.mayTryAgain ?? false,
  },
  delays: { listRefreshGap: LIST_REFRESH_GAP_MS },
}).createMachine({
  id: 'messageSending',
  type: 'parallel',
  context: ({ input }) => ({ ...input, page: null, outcomes: new Map(), quotaUsage: null, error: null, listStale: false, attempt: null, failure: null, followed: null }),
  invoke: { src: 'watchSending' },
  states: {
    list: {
      initial: 'loading',
      on: {
        'sending.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
          actions: assign({ query: ({ event }) => event.query }),
        },
        'sending.reload': '.loading',
        'sending.changed': {
          guard: { type: 'concernsList', params: ({ event }) => ({ resource: event.resource, id: event.id }) },
          actions: 'markListStale',
        },
      },
      states: {
        loading: {
          entry: assign({ listStale: false }),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ request: pageRequest(context.query, WITH_SESSIONS), known: context.outcomes }),
            onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ listed: event.output }) } },
            onError: {
              target: 'retrying',
              actions: [
                assign({ query: ({ context }) => ({ ...context.query, page: 1 }) }),
                { type: 'showQuery', params: ({ context }) => ({ query: context.query }) },
              ],
            },
          },
        },
        /** Spec §8: a list call that errors is tried once more, on page 1. */
        retrying: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ request: pageRequest(context.query, WITH_SESSIONS), known: context.outcomes }),
            onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ listed: event.output }) } },
            onError: { target: 'failed', actions: assign({ page: null, error: ({ event }) => errorText(event.error) }) },
          },
        },
        loaded: {
          initial: 'resting',
          states: {
            /** Just loaded: changes now are loaded together when the gap is over. */
            resting: { after: { listRefreshGap: [{ guard: 'isListStale', target: '#messageSending.list.loading' }, { target: 'current' }] } },
            current: {
              on: {
                'sending.changed': {
                  guard: { type: 'concernsList', params: ({ event }) => ({ resource: event.resource, id: event.id }) },
                  target: '#messageSending.list.loading',
                },
              },
            },
          },
        },
        failed: {},
      },
    },
    send: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sending.prepare': { target: 'counting', actions: assign({ attempt: ({ event }) => ({ message: event.message, key: event.key }) }) },
            'sending.confirm': { target: 'starting', actions: assign({ attempt: ({ event }) => event.attempt, failure: null }) },
            'sending.retry': { guard: 'mayTryAgain', target: 'starting', actions: assign({ attempt: ({ context }) => context.failure, failure: null }) },
          },
        },
        /** Counting the recipients for the confirmation, against the daily quotas; a count that fails or is slow is left out. */
        counting: {
          invoke: {
            src: 'countRecipients',
            input: ({ context }) => ({ id: context.attempt!.message.id, usage: context.quotaUsage }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'askToConfirm', params: ({ context, event }) => ({ ...context.attempt!, ...event.output }) }, assign({ attempt: null })],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'askToConfirm', params: ({ context }) => ({ ...context.attempt!, ...UNKNOWN_ESTIMATE }) }, assign({ attempt: null })],
            },
          },
        },
        starting: {
          invoke: {
            src: 'startSend',
            input: ({ context }) => ({ id: context.attempt!.message.id, key: context.attempt!.key }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  followed: ({ context, event }) => ({ taskId: event.output.task_id, name: context.attempt!.message.name, isReal: context.attempt!.message.is_real }),
                  attempt: null,
                }),
                raise({ type: 'sending.started' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ failure: ({ context, event }) => ({ ...context.attempt!, reason: sendFailureOf(event.error) }), attempt: null }),
                { type: 'notifyFailure', params: ({ context }) => ({ text: sendFailedText(context.failure!.message.name) }) },
              ],
            },
          },
        },
      },
    },
    progress: {
      initial: 'none',
      on: { 'sending.started': { target: '.following', reenter: true } },
      states: {
        none: {},
        following: {
          invoke: { id: 'progress', src: 'followSession', input: ({ context }) => context.followed! },
        },
      },
    },
  },
});

export type SendingSnapshot = SnapshotFrom<typeof messageSendingMachine>;
