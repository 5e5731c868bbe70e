import type { LoginRequest } from '@beacon/contracts';
import { fromCallback, fromPromise, type CallbackActorLogic } from 'xstate';
import type { ApiClient } from '../api/api-client';
import type { Unsubscribe } from '../api/signal';
import type { TokenStorage } from '../api/token-storage';
import type { LoadedSession, LiveUpdatesInput, SessionEvent, sessionMachine } from './machines/session.machine';
import { tokenLifetimeMs } from './token-lifetime';

export interface SessionServices {
  api: ApiClient;
  tokenStorage: TokenStorage;
  /** Lets the session hear the API client's 401/403 answers; returns how to stop listening. */
  onUnauthorized: (listener: () => void) => Unsubscribe;
  /** Lets the session hear every successful answer of the API client; returns how to stop listening. */
  onResponse: (listener: () => void) => Unsubscribe;
  liveUpdates: CallbackActorLogic<SessionEvent, LiveUpdatesInput>;
  /** Where the user's input comes from (see user-activity.ts). */
  userActivity: CallbackActorLogic<SessionEvent, void>;
}

/** The real side effects behind the names the session machine uses. */
export function sessionImplementations({
  api,
  tokenStorage,
  onUnauthorized,
  onResponse,
  liveUpdates,
  userActivity,
}: SessionServices) {
  return {
    actors: {
      logIn: fromPromise(({ input }: { input: LoginRequest }) => api.logIn(input)),
      loadSession: fromPromise(() => loadSession(api)),
      logOut: fromPromise(({ input }: { input: { inactivity: boolean } }) => api.logOut(input)),
      keepAlive: fromPromise(() => api.keepAlive()),
      fetchLastActivity: fromPromise(async ({ input }: { input: { userId: string } }) => {
        const user = await api.getUserWithCustomFields(input.userId);
        return user.last_activity ?? null;
      }),
      liveUpdates,
      userActivity,
      watchUnauthorized: fromCallback<SessionEvent, void>(({ sendBack }) =>
        onUnauthorized(() => sendBack({ type: 'session.unauthorized' })),
      ),
      watchResponses: fromCallback<SessionEvent, void>(({ sendBack }) =>
        onResponse(() => sendBack({ type: 'session.responded' })),
      ),
    },
    actions: {
      storeToken: (_: unknown, { token }: { token: string }) => tokenStorage.write(token),
      clearToken: () => tokenStorage.clear(),
    },
  } satisfies Parameters<typeof sessionMachine.provide>[0];
}

/**
 * The start-up calls (spec: user, version number, token expiry and the group's incident settings)
 * run side by side; only the module settings wait for the group's id. The lowest projection
 * position among their answers is where the live socket must start, so that no change made between
 * these reads and the socket's connect is missed.
 */
async function loadSession(api: ApiClient): Promise<LoadedSession> {
  const { result, position } = await api.trackReadPosition(async (reads) => {
    const customerGroup = reads.getOwnCustomerGroup();
    const [user, group, companyInfo, incidentModuleSettings, lifetime] = await Promise.all([
      reads.getLoggedUser(),
      customerGroup,
      reads.getCompanyInfo(),
      customerGroup.then((group) => reads.getIncidentModuleSettings(group.id)),
      loadTokenLifetime(api),
    ]);
    return { user, customerGroup: group, companyInfo, incidentModuleSettings, tokenLifetimeMs: lifetime };
  });
  return position === undefined ? result : { ...result, livePosition: position };
}

/**
 * The token lifetime only sharpens the auto-logout check (which otherwise assumes the idle
 * extension), so a failed answer does not keep the user out of the console; a 401 or 403 still
 * ends the session through the API client.
 */
async function loadTokenLifetime(api: ApiClient): Promise<number | null> {
  try {
    return tokenLifetimeMs(await api.getTokenExpiry(), Date.now());
  } catch {
    return null;
  }
}
