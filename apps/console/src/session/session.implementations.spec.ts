import { PROJECTION_POSITION_HEADER } from '@beacon/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createActor, fromCallback, waitFor } from 'xstate';
import { createApiClient, type ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { createSignal } from '../api/signal';
import { aLoadedSession, memoryTokenStorage } from '../testing/session-fixtures';
import { sessionMachine, type LiveUpdatesInput, type SessionEvent } from './machines/session.machine';
import { sessionImplementations } from './session.implementations';

const credentials = { email: 'ada@example.com', password: 'secret' };

function fakeApi(): ApiClient {
  const api: ApiClient = {
    logIn: jest.fn(async () => ({ key: 'token-1' })),
    logOut: jest.fn(async () => undefined),
    getLoggedUser: jest.fn(async () => aLoadedSession.user),
    getOwnCustomerGroup: jest.fn(async () => aLoadedSession.customerGroup),
    getIncidentModuleSettings: jest.fn(async () => aLoadedSession.incidentModuleSettings),
    getCompanyInfo: jest.fn(async () => aLoadedSession.companyInfo),
    getTokenExpiry: jest.fn(async () => ({ token_expiry: 1700 })),
    keepAlive: jest.fn(async () => undefined),
    getUserWithCustomFields: jest.fn(async (id: string) => ({ id, last_activity: null })),
    trackReadPosition: async (reads) => ({ result: await reads(api), position: undefined }),
    logInWithSecondFactor: jest.fn<ApiClient['logInWithSecondFactor']>(),
    logInAsImpersonated: jest.fn<ApiClient['logInAsImpersonated']>(),
    requestPasswordReset: jest.fn<ApiClient['requestPasswordReset']>(),
    confirmPasswordReset: jest.fn<ApiClient['confirmPasswordReset']>(),
    changePassword: jest.fn<ApiClient['changePassword']>(),
    getEmailOutbox: jest.fn<ApiClient['getEmailOutbox']>(),
    getActivityLog: jest.fn<ApiClient['getActivityLog']>(),
    getActivityLogCustomerGroups: jest.fn<ApiClient['getActivityLogCustomerGroups']>(),
    exportActivityLogSummary: jest.fn<ApiClient['exportActivityLogSummary']>(),
    getBrandLogin: jest.fn<ApiClient['getBrandLogin']>(),
    send: jest.fn() as unknown as ApiClient['send'],
    sendForm: jest.fn() as unknown as ApiClient['sendForm'],
    fetchFile: jest.fn<ApiClient['fetchFile']>(),
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
    '/api/get_token_expiry_time/': { token_expiry: 1700 },
  };
  const fetch = jest.fn<typeof globalThis.fetch>(async (input) => {
    const path = String(input).split('?')[0]!;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (positions[path] !== undefined) headers[PROJECTION_POSITION_HEADER] = String(positions[path]);
    return new Response(JSON.stringify(bodies[path]), { status: 200, headers });
  });
  return createApiClient({ tokenStorage: memoryTokenStorage(), onUnauthorized: () => undefined, fetch });
}

function startWiredSession(
  api: ApiClient,
  onLiveUpdates: (input: LiveUpdatesInput) => void = () => undefined,
  responded = createSignal(),
) {
  const tokenStorage = memoryTokenStorage();
  const unauthorized = createSignal();
  const logic = sessionMachine.provide(
    sessionImplementations({
      api,
      tokenStorage,
      onUnauthorized: unauthorized.listen,
      onResponse: responded.listen,
      liveUpdates: fromCallback<SessionEvent, LiveUpdatesInput>(({ input }) => onLiveUpdates(input)),
      userActivity: fromCallback<SessionEvent, void>(() => undefined),
    }),
  );
  const actor = createActor(logic, { input: { storedToken: null } }).start();
  return { actor, tokenStorage, reportUnauthorized: unauthorized.notify };
}

async function signedInWith(api: ApiClient, responded = createSignal()) {
  const session = startWiredSession(api, undefined, responded);
  session.actor.send({ type: 'session.login', credentials });
  await waitFor(session.actor, (s) => s.matches('signedIn'));
  return session;
}

afterEach(() => {
  jest.useRealTimers();
});

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

  it('loads the token lifetime with the start-up data: a number is seconds', async () => {
    const api = fakeApi();
    jest.mocked(api.getTokenExpiry).mockResolvedValue({ token_expiry: 900 });

    const { actor } = await signedInWith(api);

    expect(actor.getSnapshot().context.tokenLifetimeMs).toBe(900_000);
  });

  it('takes a date as the absolute expiry, the lifetime counting from the answer', async () => {
    jest.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
    const api = fakeApi();
    jest.mocked(api.getTokenExpiry).mockResolvedValue({ token_expiry: '2025-03-01T10:30:00Z' });

    const { actor } = await signedInWith(api);

    expect(actor.getSnapshot().context.tokenLifetimeMs).toBe(30 * 60_000);
  });

  it('still signs in when the token expiry cannot be read, with the lifetime unknown', async () => {
    const api = fakeApi();
    jest.mocked(api.getTokenExpiry).mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));

    const { actor } = await signedInWith(api);

    expect(actor.getSnapshot().context.tokenLifetimeMs).toBeNull();
  });

  it('moves the idle expiry ahead on every successful answer of the real API client', async () => {
    jest.useFakeTimers({ now: 0 });
    const responded = createSignal();
    const fetch = jest.fn<typeof globalThis.fetch>(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const client = createApiClient({ tokenStorage: memoryTokenStorage('t'), onUnauthorized: () => undefined, onSuccess: responded.notify, fetch });
    const { actor } = await signedInWith(fakeApi(), responded);

    jest.setSystemTime(5_000);
    await client.keepAlive();

    expect(actor.getSnapshot().context.idleExpiresAt).toBe(5_000 + 1_700_000);
  });

  it('keeps the session alive and checks the last activity through the API, logging out for inactivity', async () => {
    jest.useFakeTimers({ now: 0 });
    const api = fakeApi();
    jest.mocked(api.getOwnCustomerGroup).mockResolvedValue({ ...aLoadedSession.customerGroup, should_use_autologout: true });
    const responded = createSignal();
    const { actor } = await signedInWith(api, responded);
    responded.notify();

    await jest.advanceTimersByTimeAsync(1_700_000);
    await waitFor(actor, (s) => s.matches('signedOut'));

    expect(api.getUserWithCustomFields).toHaveBeenCalledWith('user-1');
    expect(api.logOut).toHaveBeenCalledWith({ inactivity: true });
  });
});
