import { assertEvent, assign } from 'xstate';
import { ephemeralTokenOf, keyOf, moduleNames, sessionSetup } from './session.setup';

/**
 * Signing in: a stored token is checked, a password sign-in may ask for the second factor, a key
 * from the second-factor call, a branded login or an impersonation link signs in with it, and the
 * user's data loads. Every way out of a session ends in `signedOut`.
 */
export const signingInStates = {
  checking: sessionSetup.createStateConfig({
    always: [{ guard: 'hasToken', target: 'loading' }, { target: 'signedOut' }],
  }),
  signedOut: sessionSetup.createStateConfig({
    // Every way out of a session ends here, so this is the one place that forgets it.
    entry: ['clearToken', 'clearSession'],
    initial: 'idle',
    on: {
      'session.loginWithToken': {
        target: 'loading',
        actions: [
          { type: 'takeKey', params: ({ event }) => ({ key: event.key }) },
          { type: 'storeToken', params: ({ event }) => ({ token: event.key }) },
        ],
      },
    },
    states: {
      idle: {
        on: { 'session.login': 'loggingIn' },
      },
      // The password was right and the user has two-factor on: the code goes with the ephemeral
      // token to the second-factor call, whose key comes back as 'session.loginWithToken'.
      twoFactorRequired: {
        on: { 'session.login': 'loggingIn' },
      },
      loggingIn: {
        entry: 'clearError',
        invoke: {
          src: 'logIn',
          input: ({ event }) => {
            assertEvent(event, 'session.login');
            return event.credentials;
          },
          onDone: [
            {
              guard: { type: 'isTwoFactorRequired', params: ({ event }) => ({ answer: event.output }) },
              target: 'twoFactorRequired',
              actions: assign({ ephemeralToken: ({ event }) => ephemeralTokenOf(event.output) }),
            },
            {
              target: '#session.loading',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: keyOf(event.output) }) },
                { type: 'takeKey', params: ({ event }) => ({ key: keyOf(event.output) }) },
              ],
            },
          ],
          onError: {
            target: 'idle',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
    },
  }),
  loading: sessionSetup.createStateConfig({
    invoke: {
      src: 'loadSession',
      onDone: {
        target: 'signedIn',
        actions: assign(({ event }) => {
          const { user, customerGroup, companyInfo, incidentModuleSettings, livePosition, tokenLifetimeMs } =
            event.output;
          return {
            user,
            customerGroup,
            versionNumber: companyInfo.version_number,
            ...moduleNames(incidentModuleSettings),
            livePosition: livePosition ?? null,
            tokenLifetimeMs,
          };
        }),
      },
      onError: {
        target: 'signedOut',
        actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
      },
    },
    on: {
      'session.unauthorized': 'signedOut',
      'session.responded': { actions: 'extendIdleExpiry' },
      'session.loginWithToken': {
        target: 'switchingUser',
        actions: { type: 'takeKey', params: ({ event }) => ({ key: event.key }) },
      },
    },
  }),
  // A key arrived (an impersonation link) while another session was open or being restored: that
  // session ends first, then the new one loads.
  switchingUser: sessionSetup.createStateConfig({
    invoke: {
      src: 'logOut',
      input: { inactivity: false },
      // The old token is still the stored one, so the logout ends the old session on the server.
      onDone: { target: 'loading', actions: { type: 'storeToken', params: ({ context }) => ({ token: context.token ?? '' }) } },
      // The old session may have ended already; the new one goes ahead either way.
      onError: { target: 'loading', actions: { type: 'storeToken', params: ({ context }) => ({ token: context.token ?? '' }) } },
    },
  }),
};
