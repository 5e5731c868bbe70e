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
import { assign, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import { errorText } from '../../api/api-error';
import type { Timings } from '../../app/timings';

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
  /** The platform's operators changed the organisation's feature permissions: menus and guards follow. */
  | { type: 'session.rootPermissionsChanged'; permissions: string[] }
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

export const signedOutContext = {
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

export type LoginAnswer = LoginResponse | TwoFactorRequiredResponse;

export function ephemeralTokenOf(answer: LoginAnswer): string | null {
  return 'two_factor_required' in answer && answer.two_factor_required ? answer.ephemeral_token : null;
}

/** The key of an answer that is not a second-factor challenge (the guard has told them apart). */
export function keyOf(answer: LoginAnswer): string {
  return 'key' in answer ? answer.key : '';
}

/** The user's last activity as the server recorded it, or null when it has none. */
export type LastActivity = string | null;

/**
 * What both phases of the session share: its context and events, and every actor, action, guard and
 * delay by name. The phases are in signing-in.states.ts and signed-in.states.ts; session.machine.ts
 * puts them together.
 */
export const sessionSetup = setup({
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
});

/** A group that never named its module gets the spec's defaults. */
export function moduleNames(settings: IncidentModuleSettingsDto): Pick<SessionContext, 'moduleName' | 'moduleNamePlural'> {
  return {
    moduleName: settings.module_name || DEFAULT_MODULE_NAME,
    moduleNamePlural: settings.module_name_plural || DEFAULT_MODULE_NAME_PLURAL,
  };
}
