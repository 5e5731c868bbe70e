import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import type { ApiClient } from '../../api/api-client';
import { aLoadedSession, memoryTokenStorage } from '../../testing/session-fixtures';
import { sessionMachine, type SessionEvent } from './machines/session.machine';
import { sessionImplementations } from './session.implementations';

const credentials = { email: 'ada@example.com', password: 'secret' };

function fakeApi(): ApiClient {
  return {
    logIn: vi.fn(async () => ({ key: 'token-1' })),
    logOut: vi.fn(async () => undefined),
    getLoggedUser: vi.fn(async () => aLoadedSession.user),
    getOwnCustomerGroup: vi.fn(async () => aLoadedSession.customerGroup),
    getIncidentModuleSettings: vi.fn(async () => aLoadedSession.incidentModuleSettings),
    getCompanyInfo: vi.fn(async () => aLoadedSession.companyInfo),
  };
}

function startWiredSession(api: ApiClient) {
  const tokenStorage = memoryTokenStorage();
  const listeners = new Set<() => void>();
  const logic = sessionMachine.provide(
    sessionImplementations({
      api,
      tokenStorage,
      onUnauthorized: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      liveUpdates: fromCallback<SessionEvent, { token: string; customerGroupId: string }>(() => undefined),
    }),
  );
  const actor = createActor(logic, { input: { storedToken: null } }).start();
  return { actor, tokenStorage, reportUnauthorized: () => listeners.forEach((listener) => listener()) };
}

describe('session implementations', () => {
  it('loads the start-up data through the API, asking for the signed-in group’s module settings', async () => {
    const api = fakeApi();
    const { actor, tokenStorage } = startWiredSession(api);

    actor.send({ type: 'session.login', credentials });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));

    expect(tokenStorage.read()).toBe('token-1');
    expect(api.getIncidentModuleSettings).toHaveBeenCalledWith('group-1');
    expect(snapshot.context).toMatchObject({ versionNumber: '4.2.0', moduleNamePlural: 'Cases' });
  });

  it('ends the session when the API client reports a 401 or 403', async () => {
    const { actor, tokenStorage, reportUnauthorized } = startWiredSession(fakeApi());
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (s) => s.matches('signedIn'));

    reportUnauthorized();

    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(tokenStorage.read()).toBeNull();
  });

  it('logs out on the server as a user action, not for inactivity', async () => {
    const api = fakeApi();
    const { actor } = startWiredSession(api);
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (s) => s.matches('signedIn'));

    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));

    expect(api.logOut).toHaveBeenCalledWith({ inactivity: false });
  });
});
