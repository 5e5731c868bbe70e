import {
  DEFAULT_MODULE_NAME,
  DEFAULT_MODULE_NAME_PLURAL,
  type CompanyInfoDto,
  type CustomerGroupDto,
  type IncidentModuleSettingsDto,
  type LoggedUserDto,
  type LoginRequest,
  type LoginResponse,
  type TwoFactorRequiredResponse,
} from '@beacon/contracts';
import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  raise,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { errorText } from '../../../api/api-error';
import { DEFAULT_TIMINGS, type Timings } from '../../../app/timings';

/** Everything the console loads on start before it shows the signed-in layout (spec section 4). */
export interface LoadedSession {
  user: LoggedUserDto;
  customerGroup: CustomerGroupDto;
  companyInfo: CompanyInfoDto;
  incidentModuleSettings: IncidentModuleSettingsDto;
  /** The lowest projection position among the start-up answers: the live socket replays what came after it. */
  livePosition?: number;
  /** From the token expiry answer; null when the server gave none. */
  tokenLifetimeMs: number | null;
}

export interface LiveUpdatesInput {
  token: string;
  customerGroupId: string;
  /** Where the loaded data left off; the socket asks the server for every update after it. */
  lastPosition?: number;
}

/** The timings the session machine runs on (see app/timings.ts). */
export type SessionTimings = Pick<
  Timings,
  'idleTimeoutMs' | 'sessionExtensionMs' | 'autoLogoutCheckMs' | 'autoLogoutThresholdMs' | 'keepaliveIntervalMs'
>;

export interface SessionInput {
  /** The token kept from an earlier visit, if any. */
  storedToken: string | null;
  /** The spec's timings unless a test shortens them. */
  timings?: SessionTimings;
}

export interface SessionContext {
  token: string | null;
  user: LoggedUserDto | null;
  customerGroup: CustomerGroupDto | null;
  versionNumber: string | null;
  moduleName: string;
  moduleNamePlural: string;
  /** Where the loaded data left off, for the live socket. */
  livePosition: number | null;
  /** When the server session ends unless another call succeeds first (epoch ms); null before the first answer. */
  idleExpiresAt: number | null;
  /** How long the server keeps a token without activity; null when unknown. */
  tokenLifetimeMs: number | null;
  /**
   * The second-factor challenge of a sign-in waiting for its code. Kept in memory only: it is
   * short-lived and single-use, and a reload simply starts the sign-in again.
   */
  ephemeralToken: string | null;
  /** What the login page shows after a failed sign-in. */
  error: string | null;
  timings: SessionTimings;
}

export type SessionEvent =
  | { type: 'session.login'; credentials: LoginRequest }
  /** A key the server gave for a completed second factor or an impersonation link: sign in with it. */
  | { type: 'session.loginWithToken'; key: string }
  /** The user logs out, or the auto-logout check does with `inactivity` set. */
  | { type: 'session.logout'; inactivity?: boolean }
  | { type: 'session.unauthorized' }
  /** An API call succeeded. */
  | { type: 'session.responded' }
  /** The user touched the pointer, a key or the screen. */
  | { type: 'session.activity' }
  | { type: 'session.moduleNameChanged'; data: IncidentModuleSettingsDto }
  /** The live socket missed too much to replay: everything is loaded again. */
  | { type: 'session.resync' };

/**
 * The machine only names its side effects; the app provides them (session.implementations.ts) and
 * tests stub them. A missing one fails loudly instead of silently doing nothing.
 */
function notProvided(name: string): Error {
  return new Error(`session implementation "${name}" was not provided`);
}

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(notProvided(name)));
}

function providedCallback<TInput>(name: string) {
  return fromCallback<SessionEvent, TInput>(() => {
    throw notProvided(name);
  });
}

const signedOutContext = {
  token: null,
  user: null,
  customerGroup: null,
  versionNumber: null,
  moduleName: DEFAULT_MODULE_NAME,
  moduleNamePlural: DEFAULT_MODULE_NAME_PLURAL,
  livePosition: null,
  idleExpiresAt: null,
  tokenLifetimeMs: null,
  ephemeralToken: null,
} satisfies Omit<SessionContext, 'error' | 'timings'>;

type LoginAnswer = LoginResponse | TwoFactorRequiredResponse;

function ephemeralTokenOf(answer: LoginAnswer): string | null {
  return 'two_factor_required' in answer && answer.two_factor_required ? answer.ephemeral_token : null;
}

/** The key of an answer that is not a second-factor challenge (the guard has told them apart). */
function keyOf(answer: LoginAnswer): string {
  return 'key' in answer ? answer.key : '';
}

/** The user's last activity as the server recorded it, or null when it has none. */
export type LastActivity = string | null;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    logIn: providedPromise<LoginResponse | TwoFactorRequiredResponse, LoginRequest>('logIn'),
    loadSession: providedPromise<LoadedSession, void>('loadSession'),
    logOut: providedPromise<void, { inactivity: boolean }>('logOut'),
    keepAlive: providedPromise<void, void>('keepAlive'),
    fetchLastActivity: providedPromise<LastActivity, { userId: string }>('fetchLastActivity'),
    /** The one live-updates socket, open while signed in. */
    liveUpdates: providedCallback<LiveUpdatesInput>('liveUpdates'),
    /** Brings the API client's 401/403 answers in as 'session.unauthorized'. */
    watchUnauthorized: providedCallback<void>('watchUnauthorized'),
    /** Brings the API client's successful answers in as 'session.responded'. */
    watchResponses: providedCallback<void>('watchResponses'),
    /** Reports the user's input as 'session.activity'. */
    userActivity: providedCallback<void>('userActivity'),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {
      throw notProvided('storeToken');
    },
    clearToken: () => {
      throw notProvided('clearToken');
    },
    clearSession: assign(signedOutContext),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    clearError: assign({ error: null }),
    extendIdleExpiry: assign({ idleExpiresAt: ({ context }) => Date.now() + context.timings.sessionExtensionMs }),
    logOutForInactivity: raise({ type: 'session.logout', inactivity: true }),
    /** Takes the key as the session's; it is stored once nothing of an earlier session needs the old one. */
    takeKey: assign((_, { key }: { key: string }) => ({ token: key, ephemeralToken: null })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isTwoFactorRequired: (_, { answer }: { answer: LoginAnswer }) => ephemeralTokenOf(answer) !== null,
    usesAutoLogout: ({ context }) => context.customerGroup?.should_use_autologout === true,
    isNearIdleExpiry: ({ context }) =>
      context.idleExpiresAt !== null && Date.now() >= context.idleExpiresAt - context.timings.autoLogoutThresholdMs,
    isOlderThanTokenLifetime: ({ context }, { lastActivity }: { lastActivity: LastActivity }) => {
      const at = lastActivity === null ? Number.NaN : Date.parse(lastActivity);
      const lifetime = context.tokenLifetimeMs ?? context.timings.sessionExtensionMs;
      return !Number.isNaN(at) && Date.now() - at > lifetime;
    },
    isUserActive: stateIn({ signedIn: { activity: 'active' } }),
    isUserInactive: stateIn({ signedIn: { activity: 'inactive' } }),
  },
  delays: {
    idleTimeout: ({ context }) => context.timings.idleTimeoutMs,
    autoLogoutCheck: ({ context }) => context.timings.autoLogoutCheckMs,
    keepaliveInterval: ({ context }) => context.timings.keepaliveIntervalMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOutContext,
    token: input.storedToken,
    error: null,
    timings: input.timings ?? DEFAULT_TIMINGS,
  }),
  invoke: [{ src: 'watchUnauthorized' }, { src: 'watchResponses' }],
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'signedOut' }],
    },
    signedOut: {
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
    },
    loading: {
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
    },
    signedIn: {
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
    },
    // A key arrived (an impersonation link) while another session was open or being restored: that
    // session ends first, then the new one loads.
    switchingUser: {
      invoke: {
        src: 'logOut',
        input: { inactivity: false },
        // The old token is still the stored one, so the logout ends the old session on the server.
        onDone: { target: 'loading', actions: { type: 'storeToken', params: ({ context }) => ({ token: context.token ?? '' }) } },
        // The old session may have ended already; the new one goes ahead either way.
        onError: { target: 'loading', actions: { type: 'storeToken', params: ({ context }) => ({ token: context.token ?? '' }) } },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logOut',
        input: ({ event }) => ({ inactivity: event.type === 'session.logout' && event.inactivity === true }),
        onDone: 'signedOut',
        // The server may already have ended the session; signing out locally is what the user asked for.
        onError: 'signedOut',
      },
      on: { 'session.unauthorized': 'signedOut' },
    },
  },
});

/** A group that never named its module gets the spec's defaults. */
function moduleNames(settings: IncidentModuleSettingsDto): Pick<SessionContext, 'moduleName' | 'moduleNamePlural'> {
  return {
    moduleName: settings.module_name || DEFAULT_MODULE_NAME,
    moduleNamePlural: settings.module_name_plural || DEFAULT_MODULE_NAME_PLURAL,
  };
}

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
