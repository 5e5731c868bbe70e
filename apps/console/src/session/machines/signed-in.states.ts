import { assign } from 'xstate';
import { moduleNames, sessionSetup } from './session.setup';

/**
 * Signed in: the live updates socket, the idle timer, keepalive and auto-logout run side by side
 * until the user logs out, the server refuses the token, or another user's key arrives.
 */
export const signedInStates = {
  signedIn: sessionSetup.createStateConfig({
    type: 'parallel',
    invoke: [
      {
        src: 'liveUpdates',
        input: ({ context }) => ({
          token: context.token ?? '',
          customerGroupId: context.customerGroup?.id ?? '',
          lastPosition: context.livePosition ?? undefined,
        }),
      },
      { src: 'userActivity' },
    ],
    on: {
      'session.logout': 'loggingOut',
      'session.loginWithToken': {
        target: 'switchingUser',
        actions: { type: 'takeKey', params: ({ event }) => ({ key: event.key }) },
      },
      // Leaving signedIn closes the socket; the reload brings a new position to reopen it from.
      'session.resync': 'loading',
      'session.unauthorized': 'signedOut',
      'session.responded': { actions: 'extendIdleExpiry' },
      'session.moduleNameChanged': {
        actions: assign(({ event }) => moduleNames(event.data)),
      },
      // The guard of the screen open re-runs with them: a screen no longer allowed is left as a failed guard is.
      'session.rootPermissionsChanged': {
        actions: assign(({ context, event }) => ({
          customerGroup: context.customerGroup && { ...context.customerGroup, root_customer_group_permissions: event.permissions },
        })),
      },
    },
    states: {
      // Spec: the idle timer; any input restarts it.
      activity: {
        initial: 'active',
        states: {
          active: {
            after: { idleTimeout: 'inactive' },
            on: { 'session.activity': { target: 'active', reenter: true } },
          },
          inactive: {
            on: { 'session.activity': 'active' },
          },
        },
      },
      // Keepalive: at most one call per interval, and only while the user is active, so an
      // abandoned console lets its server session run out. The start-up calls have just
      // extended the session, so the first interval is a rest.
      keepalive: {
        initial: 'resting',
        states: {
          resting: {
            after: { keepaliveInterval: 'due' },
          },
          due: {
            always: { guard: 'isUserActive', target: 'sending' },
            on: { 'session.activity': 'sending' },
          },
          sending: {
            invoke: {
              src: 'keepAlive',
              onDone: 'resting',
              // A missed keepalive is not the user's problem; a 401/403 ends the session on its own.
              onError: 'resting',
            },
          },
        },
      },
      // Spec: with auto-logout on the group, a check every interval; near the idle expiry it asks
      // for the user's last activity and logs out if that is older than the token lifetime or
      // the user is idle here.
      autoLogout: {
        initial: 'deciding',
        states: {
          deciding: {
            always: [{ guard: 'usesAutoLogout', target: 'waiting' }, { target: 'off' }],
          },
          off: {},
          waiting: {
            after: {
              autoLogoutCheck: [
                { guard: 'isNearIdleExpiry', target: 'fetchingLastActivity' },
                { target: 'waiting', reenter: true },
              ],
            },
          },
          fetchingLastActivity: {
            invoke: {
              src: 'fetchLastActivity',
              input: ({ context }) => ({ userId: context.user?.id ?? '' }),
              onDone: [
                {
                  guard: { type: 'isOlderThanTokenLifetime', params: ({ event }) => ({ lastActivity: event.output }) },
                  actions: 'logOutForInactivity',
                },
                { guard: 'isUserInactive', actions: 'logOutForInactivity' },
                { target: 'waiting' },
              ],
              onError: 'waiting',
            },
          },
        },
      },
    },
  }),
  loggingOut: sessionSetup.createStateConfig({
    invoke: {
      src: 'logOut',
      input: ({ event }) => ({ inactivity: event.type === 'session.logout' && event.inactivity === true }),
      onDone: 'signedOut',
      // The server may already have ended the session; signing out locally is what the user asked for.
      onError: 'signedOut',
    },
    on: { 'session.unauthorized': 'signedOut' },
  }),
};
