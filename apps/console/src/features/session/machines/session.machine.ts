import {
  DEFAULT_MODULE_NAME,
  DEFAULT_MODULE_NAME_PLURAL,
  type CompanyInfoDto,
  type CustomerGroupDto,
  type IncidentModuleSettingsDto,
  type LoggedUserDto,
  type LoginRequest,
  type LoginResponse,
} from '@beacon/contracts';
import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';

/** Everything the console loads on start before it shows the signed-in layout (spec section 4). */
export interface LoadedSession {
  user: LoggedUserDto;
  customerGroup: CustomerGroupDto;
  companyInfo: CompanyInfoDto;
  incidentModuleSettings: IncidentModuleSettingsDto;
  /** The lowest projection position among the start-up answers: the live socket replays what came after it. */
  livePosition?: number;
}

export interface LiveUpdatesInput {
  token: string;
  customerGroupId: string;
  /** Where the loaded data left off; the socket asks the server for every update after it. */
  lastPosition?: number;
}

export interface SessionInput {
  /** The token kept from an earlier visit, if any. */
  storedToken: string | null;
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
  /** What the login page shows after a failed sign-in. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; credentials: LoginRequest }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
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
} satisfies Omit<SessionContext, 'error'>;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    logIn: providedPromise<LoginResponse, LoginRequest>('logIn'),
    loadSession: providedPromise<LoadedSession, void>('loadSession'),
    logOut: providedPromise<void, void>('logOut'),
    /** The one live-updates socket, open while signed in. */
    liveUpdates: providedCallback<LiveUpdatesInput>('liveUpdates'),
    /** Brings the API client's 401/403 answers in as 'session.unauthorized'. */
    watchUnauthorized: providedCallback<void>('watchUnauthorized'),
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
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...signedOutContext, token: input.storedToken, error: null }),
  invoke: { src: 'watchUnauthorized' },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'signedOut' }],
    },
    signedOut: {
      // Every way out of a session ends here, so this is the one place that forgets it.
      entry: ['clearToken', 'clearSession'],
      initial: 'idle',
      states: {
        idle: {
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
            onDone: {
              target: '#session.loading',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.key }) },
                assign({ token: ({ event }) => event.output.key }),
              ],
            },
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
            const { user, customerGroup, companyInfo, incidentModuleSettings, livePosition } = event.output;
            return {
              user,
              customerGroup,
              versionNumber: companyInfo.version_number,
              ...moduleNames(incidentModuleSettings),
              livePosition: livePosition ?? null,
            };
          }),
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'session.unauthorized': 'signedOut' },
    },
    signedIn: {
      invoke: {
        src: 'liveUpdates',
        input: ({ context }) => ({
          token: context.token ?? '',
          customerGroupId: context.customerGroup?.id ?? '',
          lastPosition: context.livePosition ?? undefined,
        }),
      },
      on: {
        'session.logout': 'loggingOut',
        // Leaving signedIn closes the socket; the reload brings a new position to reopen it from.
        'session.resync': 'loading',
        'session.unauthorized': 'signedOut',
        'session.moduleNameChanged': {
          actions: assign(({ event }) => moduleNames(event.data)),
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logOut',
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
