import type { LoggedUserDto, LoginRequest, LoginResponse, TwoFactorRequiredResponse } from '@beacon/contracts';
import { fromCallback, fromPromise } from 'xstate';
import type { TokenStorage } from '../api/token-storage';
import {
  sessionMachine,
  type LastActivity,
  type LiveUpdatesInput,
  type LoadedSession,
  type SessionEvent,
} from '../session/machines/session.machine';

export const aUser: LoggedUserDto = {
  id: 'user-1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  customer_permission: 'OPERATOR',
  customer_group: 'group-1',
  is_temporary: false,
  preferred_timezone: 'Europe/Oslo',
};

export const aLoadedSession: LoadedSession = {
  user: aUser,
  customerGroup: {
    id: 'group-1',
    name: 'North Hospital',
    parent: null,
    root_parent_id: 'group-1',
    settings: '{}',
    brand_login_url: '',
    brand_logo: '',
    enable_custom_branding: false,
    highlight_color: '',
    highlight_incident_color: '',
    header_color: '',
    header_icons_color: '',
    should_use_autologout: false,
    no_noticeboard_numbers: true,
    root_customer_group_permissions: [],
  },
  companyInfo: { version_number: '4.2.0' },
  incidentModuleSettings: { module_name: 'Case', module_name_plural: 'Cases' },
  livePosition: 100,
  tokenLifetimeMs: 1_700_000,
};

export interface SessionStubs {
  /** Answers a key, or a second-factor challenge for a user with two-factor on. */
  logIn?: (credentials: LoginRequest) => Promise<LoginResponse | TwoFactorRequiredResponse>;
  loadSession?: () => Promise<LoadedSession>;
  logOut?: (options: { inactivity: boolean }) => Promise<void>;
  keepAlive?: () => Promise<void>;
  fetchLastActivity?: (userId: string) => Promise<LastActivity>;
  /** Called when the live-updates actor starts; may send events back; returns its cleanup. */
  liveUpdates?: (input: LiveUpdatesInput, sendBack: (event: SessionEvent) => void) => () => void;
  /** Receives the function a 401/403 from the API client would call. */
  watchUnauthorized?: (notify: () => void) => void;
  /** Receives the function a successful answer of the API client would call. */
  watchResponses?: (notify: () => void) => void;
  /** Receives the function the user's input would call; returns its cleanup. */
  userActivity?: (report: () => void) => (() => void) | void;
}

/** The session machine with every side effect stubbed and the token kept in a throwaway storage. */
export function stubbedSessionLogic(stubs: SessionStubs = {}, tokenStorage: TokenStorage = memoryTokenStorage()) {
  return sessionMachine.provide({
    actors: {
      logIn: fromPromise<LoginResponse | TwoFactorRequiredResponse, LoginRequest>(({ input }) =>
        (stubs.logIn ?? (async () => ({ key: 'token-1' })))(input),
      ),
      loadSession: fromPromise(() => (stubs.loadSession ?? (async () => aLoadedSession))()),
      logOut: fromPromise(({ input }: { input: { inactivity: boolean } }) =>
        (stubs.logOut ?? (async () => undefined))(input),
      ),
      keepAlive: fromPromise(() => (stubs.keepAlive ?? (async () => undefined))()),
      fetchLastActivity: fromPromise(({ input }: { input: { userId: string } }) =>
        (stubs.fetchLastActivity ?? (async () => null))(input.userId),
      ),
      liveUpdates: fromCallback<SessionEvent, LiveUpdatesInput>(({ input, sendBack }) =>
        stubs.liveUpdates?.(input, sendBack),
      ),
      watchUnauthorized: fromCallback<SessionEvent, void>(({ sendBack }) => {
        stubs.watchUnauthorized?.(() => sendBack({ type: 'session.unauthorized' }));
      }),
      watchResponses: fromCallback<SessionEvent, void>(({ sendBack }) => {
        stubs.watchResponses?.(() => sendBack({ type: 'session.responded' }));
      }),
      userActivity: fromCallback<SessionEvent, void>(
        ({ sendBack }) => stubs.userActivity?.(() => sendBack({ type: 'session.activity' })) ?? undefined,
      ),
    },
    actions: {
      storeToken: (_, { token }) => tokenStorage.write(token),
      clearToken: () => tokenStorage.clear(),
    },
  });
}

export function memoryTokenStorage(initial: string | null = null): TokenStorage {
  let token = initial;
  return {
    read: () => token,
    write: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}
