import type { CustomerGroupDto, CustomerGroupFieldDto, UserExportFormat, UserListItemDto, UserListPageDto } from '@beacon/contracts';
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { DownloadedFile } from '../../../api/api-client';
import { errorText } from '../../../api/api-error';
import { loadErrorText } from '../../../api/load-error-text';
import { filtersRequest, pageRequest, sameQuery, type UserListRequest, type UsersQuery } from '../users-query';

export interface UsersInput {
  /** The query the URL holds when the screen opens. */
  query: UsersQuery;
  /** The user's own customer group: the list's group until another is chosen. */
  ownGroupId: string;
  /** Admins and operators read the contact fields the filters offer; the others may not. */
  canReadFields: boolean;
}

export interface UsersContext extends UsersInput {
  /** The last page loaded; it stays on screen while the next one loads. */
  page: UserListPageDto | null;
  /** Why the list could not be loaded, in the user's words. */
  error: string | null;
  groups: readonly CustomerGroupDto[];
  fields: readonly CustomerGroupFieldDto[];
  /** The user being deleted. */
  deleting: UserListItemDto | null;
  /** The file being exported. */
  exportFormat: UserExportFormat;
}

export type UsersEvent =
  /** The URL's query changed (a filter, the search, the order, another page, Back). */
  | { type: 'users.query'; query: UsersQuery }
  /** Load the same page again (Try again, or a live update says users changed). */
  | { type: 'users.reload' }
  | { type: 'users.export'; format: UserExportFormat }
  /** The user confirmed the deletion. */
  | { type: 'users.delete'; user: UserListItemDto };

export interface PageRequest {
  groupId: string;
  request: UserListRequest;
}

/** The machine only names its side effects; the screen provides them and tests stub them. */
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`users implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`users implementation "${name}" was not provided`);
}

/** The group the list shows: the one chosen, else the user's own. */
export const groupOf = (context: Pick<UsersContext, 'query' | 'ownGroupId'>) => context.query.customerGroup || context.ownGroupId;

export const displayName = (user: Pick<UserListItemDto, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();

const pageInput = ({ context }: { context: UsersContext }): PageRequest => ({ groupId: groupOf(context), request: pageRequest(context.query) });
const failure = ({ event }: { event: { error: unknown } }) => ({ text: errorText(event.error) });

/**
 * Manage Users (spec part 2 §2, §7, §8): a page of the customer group's users for the URL's query,
 * the groups to choose from, the contact fields the filters offer, the exports of what the filters
 * match and deleting a user. A list call that fails is tried once more on page 1 (spec §8), and the
 * page follows (`showFirstPage`). A new query or a live update replaces a load under way, so the last
 * one asked for is the one shown.
 */
export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    input: {} as UsersInput,
  },
  actors: {
    loadPage: providedPromise<UserListPageDto, PageRequest>('loadPage'),
    loadGroups: providedPromise<CustomerGroupDto[], void>('loadGroups'),
    loadFields: providedPromise<CustomerGroupFieldDto[], { groupId: string; withChildFields: boolean }>('loadFields'),
    exportUsers: providedPromise<DownloadedFile, PageRequest & { format: UserExportFormat }>('exportUsers'),
    deleteUser: providedPromise<void, { id: string }>('deleteUser'),
  },
  actions: {
    saveFile: (_, _params: { file: DownloadedFile; format: UserExportFormat }) => notProvided('saveFile'),
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    /** The list answers page 1 after a failure: the screen's URL says so too. */
    showFirstPage: (_, _params: { query: UsersQuery }) => notProvided('showFirstPage'),
    takeQuery: assign({ query: (_, { query }: { query: UsersQuery }) => query }),
    keepPage: assign({ page: (_, { page }: { page: UserListPageDto }) => page, error: null }),
    reloadList: raise({ type: 'users.reload' }),
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: UsersQuery }) => !sameQuery(context.query, query),
    fieldsAskedFor: ({ context }, { query }: { query: UsersQuery }) =>
      context.canReadFields &&
      (groupOf({ ...context, query }) !== groupOf(context) || query.includeSubGroups !== context.query.includeSubGroups),
    canReadFields: ({ context }) => context.canReadFields,
  },
}).createMachine({
  id: 'users',
  type: 'parallel',
  context: ({ input }) => ({ ...input, page: null, error: null, groups: [], fields: [], deleting: null, exportFormat: 'csv' }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'users.query': {
          guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
          actions: { type: 'takeQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'users.reload': '.loading',
      },
      // The transitions above stay inside `list` (a re-entering one would re-enter every region of the
      // machine); going to `.loading` from `loading` still starts its call again, dropping the earlier one.
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: pageInput,
            onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
            onError: {
              target: 'retrying',
              actions: [
                assign({ query: ({ context }) => ({ ...context.query, page: 1 }) }),
                { type: 'showFirstPage', params: ({ context }) => ({ query: { ...context.query, page: 1 } }) },
              ],
            },
          },
        },
        /** Spec §8: a list call that errors is tried once more, on page 1. */
        retrying: {
          invoke: {
            src: 'loadPage',
            input: pageInput,
            onDone: { target: 'loaded', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'failed', actions: assign({ page: null, error: ({ event }) => loadErrorText(event.error) }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    groups: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadGroups',
            onDone: { target: 'loaded', actions: assign({ groups: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        /** The chooser then offers the user's own group only. */
        failed: {},
      },
    },
    fields: {
      initial: 'checking',
      on: {
        'users.query': {
          guard: { type: 'fieldsAskedFor', params: ({ event }) => ({ query: event.query }) },
          target: '.loading',
        },
      },
      states: {
        checking: { always: [{ guard: 'canReadFields', target: 'loading' }, { target: 'unavailable' }] },
        loading: {
          invoke: {
            src: 'loadFields',
            input: ({ context }) => ({ groupId: groupOf(context), withChildFields: context.query.includeSubGroups }),
            onDone: { target: 'loaded', actions: assign({ fields: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ fields: [] }) },
          },
        },
        loaded: {},
        /** The filters then offer the users' own attributes only. */
        failed: {},
        unavailable: {},
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'users.export': { target: 'exporting', actions: assign({ exportFormat: ({ event }) => event.format }) } } },
        exporting: {
          invoke: {
            src: 'exportUsers',
            input: ({ context }) => ({ groupId: groupOf(context), request: filtersRequest(context.query), format: context.exportFormat }),
            onDone: {
              target: 'idle',
              actions: { type: 'saveFile', params: ({ context, event }) => ({ file: event.output, format: context.exportFormat }) },
            },
            onError: { target: 'idle', actions: { type: 'notifyFailure', params: ({ event }) => ({ text: loadErrorText(event.error) }) } },
          },
        },
      },
    },
    remove: {
      initial: 'idle',
      states: {
        idle: { on: { 'users.delete': { target: 'deleting', actions: assign({ deleting: ({ event }) => event.user }) } } },
        deleting: {
          invoke: {
            src: 'deleteUser',
            input: ({ context }) => ({ id: context.deleting?.id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifySuccess', params: ({ context }) => ({ text: `User “${displayName(context.deleting!)}” deleted.` }) },
                assign({ deleting: null }),
                'reloadList',
              ],
            },
            onError: { target: 'idle', actions: [{ type: 'notifyFailure', params: failure }, assign({ deleting: null })] },
          },
        },
      },
    },
  },
});

export type UsersSnapshot = SnapshotFrom<typeof usersMachine>;
