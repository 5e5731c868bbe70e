import { PROJECTION_POSITION_HEADER } from '@beacon/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { createApiClient, type ApiClient } from '../../api/api-client';
import { aLoadedSession, memoryTokenStorage } from '../../testing/session-fixtures';
import { sessionMachine, type LiveUpdatesInput, type SessionEvent } from './machines/session.machine';
import { sessionImplementations } from './session.implementations';

const credentials = { email: 'ada@example.com', password: 'secret' };

function fakeApi(): ApiClient {
  const api: ApiClient = {
    logIn: vi.fn(async () => ({ key: 'token-1' })),
    logOut: vi.fn(async () => undefined),
    getLoggedUser: vi.fn(async () => aLoadedSession.user),
    getOwnCustomerGroup: vi.fn(async () => aLoadedSession.customerGroup),
    getIncidentModuleSettings: vi.fn(async () => aLoadedSession.incidentModuleSettings),
    getCompanyInfo: vi.fn(async () => aLoadedSession.companyInfo),
    trackReadPosition: async (reads) => ({ result: await reads(api), position: undefined }),
  };
  return api;
}

/** The real API client over a fake server whose answers carry the given projection positions. */
function apiAnsweringWithPositions(positions: Record<string, number>): ApiClient {
  const bodies: Record<string, unknown> = {
    '/api/rest-auth/login/': { key: 'token-1' },
    '/api/user/self/': aLoadedSession.user,
    '/api/customer_group/self/': aLoadedSession.customerGroup,
    '/api/get_company_info/': aLoadedSession.companyInfo,
    '/api/customer_group_im_settings/group-1/': aLoadedSession.incidentModuleSettings,
  };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
    const path = String(input).split('?')[0]!;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (positions[path] !== undefined) headers[PROJECTION_POSITION_HEADER] = String(positions[path]);
    return new Response(JSON.stringify(bodies[path]), { status: 200, headers });
  });
  return createApiClient({ tokenStorage: memoryTokenStorage(), onUnauthorized: () => undefined, fetch });
}

function startWiredSession(api: ApiClient, onLiveUpdates: (input: LiveUpdatesInput) => void = () => undefined) {
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
      liveUpdates: fromCallback<SessionEvent, LiveUpdatesInput>(({ input }) => onLiveUpdates(input)),
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

  it('starts live updates from the lowest projection position among the start-up answers', async () => {
    const api = apiAnsweringWithPositions({
      '/api/user/self/': 40,
      '/api/customer_group/self/': 38,
      '/api/get_company_info/': 41,
      '/api/customer_group_im_settings/group-1/': 39,
    });
    const liveInputs: LiveUpdatesInput[] = [];
    const { actor } = startWiredSession(api, (input) => liveInputs.push(input));

    actor.send({ type: 'session.login', credentials });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));

    expect(snapshot.context.livePosition).toBe(38);
    expect(liveInputs).toEqual([{ token: 'token-1', customerGroupId: 'group-1', lastPosition: 38 }]);
  });

  it('starts live updates without a position when no start-up answer carried one', async () => {
    const liveInputs: LiveUpdatesInput[] = [];
    const { actor } = startWiredSession(apiAnsweringWithPositions({}), (input) => liveInputs.push(input));

    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (s) => s.matches('signedIn'));

    expect(liveInputs).toEqual([{ token: 'token-1', customerGroupId: 'group-1', lastPosition: undefined }]);
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
