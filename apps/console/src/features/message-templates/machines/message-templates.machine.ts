import type { ScenarioDto, ScenarioListEntryDto, ScenarioPageDto } from '@beacon/contracts';
import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { CreateTemplateRequest } from '../message-templates-api';
import { COPY_NAME_RETRIES, copyingOf, copyName, copyRequest, isNameTaken, nameOfCopy, withNameRefused, withSource, type Copying } from '../template-copy';
import { copyFailureText, failureReason } from '../templates-errors';
import { pageRequest, sameQuery, type MessageListQuery, type MessageListRequest } from '../../../message-list/message-list-query';

export interface TemplatesInput {
  /** The query the URL holds when the screen opens. */
  query: MessageListQuery;
}

export interface TemplatesContext extends TemplatesInput {
  /** The last page loaded; it stays on screen while the next one loads. */
  page: ScenarioPageDto | null;
  /** Why the list could not be loaded, in the user's words. */
  error: string | null;
  copying: Copying | null;
  /** The message being deleted. */
  deleting: ScenarioListEntryDto | null;
}

export type TemplatesEvent =
  /** The URL's query changed (Real / Test, the search, another page, Back). */
  | { type: 'templates.query'; query: MessageListQuery }
  /** Load the same page again (Try again, a copy or deletion done, a live update). */
  | { type: 'templates.reload' }
  | { type: 'templates.copy'; template: ScenarioListEntryDto }
  /** The user confirmed the deletion. */
  | { type: 'templates.delete'; template: ScenarioListEntryDto };

/** What a copy reads first: the draft, and the messages whose names hold the copy's. */
export interface CopySource {
  source: ScenarioDto;
  matching: readonly ScenarioListEntryDto[];
}

/** The machine only names its side effects; the screen provides them and tests stub them. */
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`message templates implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`message templates implementation "${name}" was not provided`);
}

const lastPageOf = (page: ScenarioPageDto, pageSize: number) => Math.max(Math.ceil(page.count / pageSize), 1);

/**
 * Message Templates (spec part 2 §2, §7, §8): a page of the caller's messages for the URL's query,
 * copying a message under a free name, deleting one, and reloading whenever a message of the group
 * changes (live updates). A list call that fails is tried once more on page 1 (spec §8), and the
 * URL follows (`showQuery`); so does a page past the end (the last message of the last page
 * deleted), which shows the last page instead. A new query or a reload replaces a load under way,
 * so the last one asked for is the one shown.
 */
export const messageTemplatesMachine = setup({
  types: {
    context: {} as TemplatesContext,
    events: {} as TemplatesEvent,
    input: {} as TemplatesInput,
  },
  actors: {
    loadPage: providedPromise<ScenarioPageDto, MessageListRequest>('loadPage'),
    readCopySource: providedPromise<CopySource, { id: string; copyName: string }>('readCopySource'),
    createCopy: providedPromise<ScenarioDto, CreateTemplateRequest>('createCopy'),
    deleteTemplate: providedPromise<void, { id: string }>('deleteTemplate'),
    /** Sends `templates.reload` whenever a message of the user's reach changes elsewhere. */
    watchTemplates: fromCallback(() => notProvided('watchTemplates')),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    /** The list answers another page than the URL named (page 1 after a failure, the last page): the URL says so too. */
    showQuery: (_, _params: { query: MessageListQuery }) => notProvided('showQuery'),
    takeQuery: assign({ query: (_, { query }: { query: MessageListQuery }) => query }),
    keepPage: assign({ page: (_, { page }: { page: ScenarioPageDto }) => page, error: null }),
    reloadList: raise({ type: 'templates.reload' }),
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: MessageListQuery }) => !sameQuery(context.query, query),
    isPastTheEnd: ({ context }, { page }: { page: ScenarioPageDto }) =>
      page.results.length === 0 && page.count > 0 && context.query.page > lastPageOf(page, context.query.pageSize),
    mayTryAnotherName: ({ context }, { error }: { error: unknown }) => isNameTaken(error) && (context.copying?.refusals ?? 0) < COPY_NAME_RETRIES,
  },
}).createMachine({
  id: 'messageTemplates',
  type: 'parallel',
  context: ({ input }) => ({ ...input, page: null, error: null, copying: null, deleting: null }),
  invoke: { src: 'watchTemplates' },
  states: {
    list: {
      initial: 'loading',
      on: {
        'templates.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
          actions: { type: 'takeQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'templates.reload': '.loading',
      },
      // These transitions stay inside `list`; going to `.loading` from `loading` still starts its
      // call again, dropping the earlier one.
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequest(context.query),
            onDone: [
              {
                guard: { type: 'isPastTheEnd', params: ({ event }) => ({ page: event.output }) },
                target: 'loading',
                reenter: true,
                actions: [
                  assign({ query: ({ context, event }) => ({ ...context.query, page: lastPageOf(event.output, context.query.pageSize) }) }),
                  { type: 'showQuery', params: ({ context }) => ({ query: context.query }) },
                ],
              },
              { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
            ],
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
            input: ({ context }) => pageRequest(context.query),
            onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'failed', actions: assign({ page: null, error: ({ event }) => failureReason(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'templates.copy': {
              target: 'reading',
              actions: assign({ copying: ({ event }) => copyingOf(event.template) }),
            },
          },
        },
        reading: {
          invoke: {
            src: 'readCopySource',
            input: ({ context }) => ({ id: context.copying!.template.id, copyName: copyName(context.copying!.template.name, 1) }),
            onDone: {
              target: 'creating',
              actions: assign({ copying: ({ context, event }) => withSource(context.copying!, event.output.source, event.output.matching) }),
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: copyFailureText(event.error) }) }, assign({ copying: null })],
            },
          },
        },
        creating: {
          invoke: {
            src: 'createCopy',
            input: ({ context }) => copyRequest(context.copying!.source!, nameOfCopy(context.copying!)),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notifySuccess',
                  params: ({ context }) => ({ text: `Message “${context.copying!.template.name}” copied as “${nameOfCopy(context.copying!)}”.` }),
                },
                assign({ copying: null }),
                'reloadList',
              ],
            },
            onError: [
              {
                // Someone took the name meanwhile: the next free one.
                guard: { type: 'mayTryAnotherName', params: ({ event }) => ({ error: event.error }) },
                target: 'creating',
                reenter: true,
                actions: assign({ copying: ({ context }) => withNameRefused(context.copying!) }),
              },
              {
                target: 'idle',
                actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: copyFailureText(event.error) }) }, assign({ copying: null })],
              },
            ],
          },
        },
      },
    },
    remove: {
      initial: 'idle',
      states: {
        idle: { on: { 'templates.delete': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.template }) } } },
        deleting: {
          invoke: {
            src: 'deleteTemplate',
            input: ({ context }) => ({ id: context.deleting!.id }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifySuccess', params: ({ context }) => ({ text: `Message “${context.deleting!.name}” deleted.` }) },
                assign({ deleting: null }),
                'reloadList',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: failureReason(event.error) }) }, assign({ deleting: null })],
            },
          },
        },
      },
    },
  },
});

export type TemplatesSnapshot = SnapshotFrom<typeof messageTemplatesMachine>;
