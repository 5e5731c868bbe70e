import type { LoginRequest } from '@beacon/contracts';
import { fromCallback, fromPromise, type CallbackActorLogic } from 'xstate';
import type { ApiClient } from '../../api/api-client';
import type { TokenStorage } from '../../api/token-storage';
import type { LoadedSession, LiveUpdatesInput, SessionEvent, sessionMachine } from './machines/session.machine';

export interface SessionServices {
  api: ApiClient;
  tokenStorage: TokenStorage;
  /** Lets the session hear the API client's 401/403 answers; returns how to stop listening. */
  onUnauthorized: (listener: () => void) => () => void;
  liveUpdates: CallbackActorLogic<SessionEvent, LiveUpdatesInput>;
}

/** The real side effects behind the names the session machine uses. */
export function sessionImplementations({ api, tokenStorage, onUnauthorized, liveUpdates }: SessionServices) {
  return {
    actors: {
      logIn: fromPromise(({ input }: { input: LoginRequest }) => api.logIn(input)),
      loadSession: fromPromise(() => loadSession(api)),
      logOut: fromPromise(() => api.logOut({ inactivity: false })),
      liveUpdates,
      watchUnauthorized: fromCallback<SessionEvent, void>(({ sendBack }) =>
        onUnauthorized(() => sendBack({ type: 'session.unauthorized' })),
      ),
    },
    actions: {
      storeToken: (_: unknown, { token }: { token: string }) => tokenStorage.write(token),
      clearToken: () => tokenStorage.clear(),
    },
  } satisfies Parameters<typeof sessionMachine.provide>[0];
}

/**
 * The start-up calls run side by side; only the module settings wait for the group's id. The
 * lowest projection position among their answers is where the live socket must start, so that no
 * change made between these reads and the socket's connect is missed.
 */
async function loadSession(api: ApiClient): Promise<LoadedSession> {
  const { result, position } = await api.trackReadPosition(async (reads) => {
    const customerGroup = reads.getOwnCustomerGroup();
    const [user, group, companyInfo, incidentModuleSettings] = await Promise.all([
      reads.getLoggedUser(),
      customerGroup,
      reads.getCompanyInfo(),
      customerGroup.then((group) => reads.getIncidentModuleSettings(group.id)),
    ]);
    return { user, customerGroup: group, companyInfo, incidentModuleSettings };
  });
  return position === undefined ? result : { ...result, livePosition: position };
}
