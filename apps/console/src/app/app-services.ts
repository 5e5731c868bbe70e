import { createApiClient } from '../api/api-client';
import { createTokenStorage } from '../api/token-storage';
import { sessionMachine, type SessionInput } from '../features/session/machines/session.machine';
import { sessionImplementations } from '../features/session/session.implementations';
import { createLiveUpdatesLogic } from '../live/live-socket';

/** Wires the browser's storage, the API client, the socket and the session together, once per app. */
export function createAppServices(storage: Storage = window.localStorage) {
  const tokenStorage = createTokenStorage(storage);
  const unauthorizedListeners = new Set<() => void>();
  const api = createApiClient({
    tokenStorage,
    onUnauthorized: () => unauthorizedListeners.forEach((listener) => listener()),
  });
  const sessionLogic = sessionMachine.provide(
    sessionImplementations({
      api,
      tokenStorage,
      onUnauthorized: (listener) => {
        unauthorizedListeners.add(listener);
        return () => unauthorizedListeners.delete(listener);
      },
      liveUpdates: createLiveUpdatesLogic(),
    }),
  );
  const sessionInput: SessionInput = { storedToken: tokenStorage.read() };
  return { api, sessionLogic, sessionInput };
}

export type AppServices = ReturnType<typeof createAppServices>;
