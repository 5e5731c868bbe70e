import type { CustomerGroupDto, EmailSuppressionDto, UserDto } from '@beacon/contracts';
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { errorText, isApiError } from '../../../api/api-error';

/** What an admin or data user may do to a user's account besides editing it. */
export type AccountAction = 'clearFailedSignIns' | 'clearPasswordResetAttempts' | 'reissueWelcomeEmail' | 'clearEmailSuppression';

export interface UserEditInput {
  /** Admins and data users send welcome emails and read and clear the suppression of a user's address. */
  canManageEmail: boolean;
}

export interface UserEditContext extends UserEditInput {
  user: UserDto | null;
  /** The groups in the caller's reach (the user's group's settings; where the user may move). */
  groups: readonly CustomerGroupDto[];
  /** Why the page could not be loaded, in the user's words. */
  loadError: string | null;
  /** The account action under way. */
  action: AccountAction | null;
  /** Whether email to the user's address is suppressed; null until read (or when it cannot be). */
  suppression: EmailSuppressionDto | null;
}

export type UserEditEvent =
  | { type: 'user.retry' }
  /** A live update: someone changed the user; read them again. */
  | { type: 'user.reload' }
  /** A form saved the user: this is how they now stand. */
  | { type: 'user.saved'; user: UserDto }
  | { type: 'user.action'; action: AccountAction };

export interface UserAndGroups {
  user: UserDto;
  groups: CustomerGroupDto[];
}

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`user edit implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`user edit implementation "${name}" was not provided`);
}

const isGone = (error: unknown) => isApiError(error) && error.status === 404;

export const ACTION_DONE_TEXTS: Record<AccountAction, string> = {
  clearFailedSignIns: 'Failed sign-ins cleared: the user may sign in again.',
  clearPasswordResetAttempts: 'Password reset attempts cleared.',
  reissueWelcomeEmail: 'A new welcome email is on its way; earlier welcome links no longer work.',
  clearEmailSuppression: 'The suppression is cleared: emails reach the address again.',
};

/**
 * A user's edit screen (spec part 2 §2, §7): the user with their contact fields and the groups in
 * reach, read again whenever someone changes the user (a live update), so an edit by another admin
 * shows at once; a user deleted meanwhile is gone. The forms save through their own machines and
 * hand the saved user back (`user.saved`). Account actions run one at a time and reload the user
 * and whether their address is suppressed.
 */
export const userEditMachine = setup({
  types: {
    context: {} as UserEditContext,
    events: {} as UserEditEvent,
    input: {} as UserEditInput,
  },
  actors: {
    loadPage: providedPromise<UserAndGroups, void>('loadPage'),
    loadUser: providedPromise<UserDto, void>('loadUser'),
    runAction: providedPromise<void, { action: AccountAction }>('runAction'),
    loadSuppression: providedPromise<EmailSuppressionDto, void>('loadSuppression'),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    reload: raise({ type: 'user.reload' }),
    keepUser: assign({ user: (_, { user }: { user: UserDto }) => user }),
  },
  guards: {
    gone: (_, { error }: { error: unknown }) => isGone(error),
    canManageEmail: ({ context }) => context.canManageEmail,
  },
}).createMachine({
  id: 'userEdit',
  type: 'parallel',
  context: ({ input }) => ({ ...input, user: null, groups: [], loadError: null, action: null, suppression: null }),
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ loadError: null }),
          invoke: {
            src: 'loadPage',
            onDone: { target: 'loaded', actions: assign(({ event }) => ({ user: event.output.user, groups: event.output.groups })) },
            onError: [
              { guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
              { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
            ],
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
        loaded: {
          on: {
            'user.reload': 'reloading',
            'user.saved': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } },
          },
        },
        /** The user stays on screen while read again. */
        reloading: {
          on: {
            'user.reload': { target: 'reloading', reenter: true },
            'user.saved': { actions: { type: 'keepUser', params: ({ event }) => ({ user: event.user }) } },
          },
          invoke: {
            src: 'loadUser',
            onDone: { target: 'loaded', actions: { type: 'keepUser', params: ({ event }) => ({ user: event.output }) } },
            onError: [
              { guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
              // What is shown stays; the next change tries again.
              { target: 'loaded' },
            ],
          },
        },
        /** Deleted, or out of reach now. */
        gone: {},
      },
    },
    account: {
      initial: 'idle',
      states: {
        idle: { on: { 'user.action': { target: 'running', actions: assign({ action: ({ event }) => event.action }) } } },
        running: {
          invoke: {
            src: 'runAction',
            input: ({ context }) => ({ action: context.action! }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'notifySuccess', params: ({ context }) => ({ text: ACTION_DONE_TEXTS[context.action!] }) }, assign({ action: null }), 'reload'],
            },
            onError: { target: 'idle', actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) }, assign({ action: null })] },
          },
        },
      },
    },
    suppression: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'canManageEmail', target: 'loading' }, { target: 'unavailable' }] },
        loading: {
          invoke: {
            src: 'loadSuppression',
            onDone: { target: 'loaded', actions: assign({ suppression: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ suppression: null }) },
          },
        },
        // A change to the user (their email) or an action may change it.
        loaded: { on: { 'user.reload': 'loading' } },
        failed: { on: { 'user.reload': 'loading' } },
        unavailable: {},
      },
    },
  },
});

export type UserEditSnapshot = SnapshotFrom<typeof userEditMachine>;
