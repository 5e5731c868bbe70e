import { createApiClient } from '../api/api-client';
import { createSignal } from '../api/signal';
import { createTokenStorage } from '../api/token-storage';
import { sessionMachine, type SessionInput } from '../session/machines/session.machine';
import { sessionImplementations } from '../session/session.implementations';
import { createUserActivityLogic } from '../session/user-activity';
import { createLiveUpdatesLogic } from '../live/live-socket';
import { timingsFromWindow, type Timings } from './timings';

/** Wires the browser's storage, the API client, the socket and the session together, once per app. */
export function createAppServices(storage: Storage = window.localStorage, timings: Timings = timingsFromWindow()) {
  const tokenStorage = createTokenStorage(storage);
  const unauthorized = createSignal();
  const responded = createSignal();
  const api = createApiClient({ tokenStorage, onUnauthorized: unauthorized.notify, onSuccess: responded.notify });
  const sessionLogic = sessionMachine.provide(
    sessionImplementations({
      api,
      tokenStorage,
      onUnauthorized: unauthorized.listen,
      onResponse: responded.listen,
      liveUpdates: createLiveUpdatesLogic(),
      userActivity: createUserActivityLogic(window, timings.activityThrottleMs),
    }),
  );
  const sessionInput: SessionInput = { storedToken: tokenStorage.read(), timings };
  return { api, sessionLogic, sessionInput, timings };
}

export type AppServices = ReturnType<typeof createAppServices>;
