import type { LoginRequest, LoginResponse } from '@beacon/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { aLoadedSession, memoryTokenStorage, stubbedSessionLogic, type SessionStubs } from '../../../testing/session-fixtures';
import type { LiveUpdatesInput, LoadedSession, SessionEvent } from './session.machine';

const credentials = { email: 'ada@example.com', password: 'secret' };

function startSession(stubs: SessionStubs = {}, storedToken: string | null = null) {
  const tokenStorage = memoryTokenStorage(storedToken);
  const actor = createActor(stubbedSessionLogic(stubs, tokenStorage), { input: { storedToken } });
  actor.start();
  return { actor, tokenStorage };
}

async function signIn(stubs: SessionStubs = {}) {
  const session = startSession(stubs);
  session.actor.send({ type: 'session.login', credentials });
  await waitFor(session.actor, (snapshot) => snapshot.matches('signedIn'));
  return session;
}

describe('session machine', () => {
  it('starts signed out when no token is stored, without loading anything', () => {
    const loadSession = vi.fn(async () => aLoadedSession);
    const { actor } = startSession({ loadSession });

    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('restores the session from a stored token', async () => {
    const { actor } = startSession({}, 'stored-token');

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.context.user?.email).toBe('ada@example.com');
  });

  it('logs in with the credentials, stores the token and loads user, group, version and module names', async () => {
    const logIn = vi.fn(async () => ({ key: 'token-from-server' }));
    const { actor, tokenStorage } = await signIn({ logIn });

    expect(logIn).toHaveBeenCalledWith(credentials);
    expect(tokenStorage.read()).toBe('token-from-server');
    const { context } = actor.getSnapshot();
    expect(context.token).toBe('token-from-server');
    expect(context.user?.id).toBe('user-1');
    expect(context.customerGroup?.name).toBe('North Hospital');
    expect(context.versionNumber).toBe('4.2.0');
    expect(context.moduleName).toBe('Case');
    expect(context.moduleNamePlural).toBe('Cases');
  });

  it('falls back to the default module names when the group never set them', async () => {
    const { actor } = await signIn({
      loadSession: async () => ({ ...aLoadedSession, incidentModuleSettings: { module_name: '', module_name_plural: '' } }),
    });

    expect(actor.getSnapshot().context.moduleName).toBe('Incident');
    expect(actor.getSnapshot().context.moduleNamePlural).toBe('Incidents');
  });

  it('shows the server’s reason when the login is refused, and stores no token', async () => {
    const { actor, tokenStorage } = startSession({
      logIn: () =>
        Promise.reject(new ApiError(400, { non_field_errors: ['Unable to log in with provided credentials.'] })),
    });

    actor.send({ type: 'session.login', credentials });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }) && s.context.error !== null);

    expect(snapshot.context.error).toBe('Unable to log in with provided credentials.');
    expect(tokenStorage.read()).toBeNull();
  });

  it('shows the spec’s text for a server error, and forgets it on the next attempt', async () => {
    const logIn = vi
      .fn<(request: LoginRequest) => Promise<LoginResponse>>()
      .mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT))
      .mockReturnValueOnce(new Promise(() => undefined));
    const { actor } = startSession({ logIn });

    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(SERVER_ERROR_TEXT);

    actor.send({ type: 'session.login', credentials });
    expect(actor.getSnapshot().matches({ signedOut: 'loggingIn' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('signs out with an error when the start-up calls fail, dropping the token', async () => {
    const { actor, tokenStorage } = startSession({ loadSession: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) });

    actor.send({ type: 'session.login', credentials });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);

    expect(snapshot.context.error).toBe(SERVER_ERROR_TEXT);
    expect(tokenStorage.read()).toBeNull();
  });

  it('logs out on the server, then forgets the token, the user and the group', async () => {
    const logOut = vi.fn(async () => undefined);
    const { actor, tokenStorage } = await signIn({ logOut });

    actor.send({ type: 'session.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));

    expect(logOut).toHaveBeenCalledOnce();
    expect(tokenStorage.read()).toBeNull();
    expect(snapshot.context).toMatchObject({ token: null, user: null, customerGroup: null, moduleNamePlural: 'Incidents' });
  });

  it('still signs out locally when the logout call fails', async () => {
    const { actor, tokenStorage } = await signIn({ logOut: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) });

    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));

    expect(tokenStorage.read()).toBeNull();
  });

  it('signs out when the API client reports a 401 or 403', async () => {
    let reportUnauthorized: () => void = () => undefined;
    const { actor, tokenStorage } = await signIn({ watchUnauthorized: (notify) => (reportUnauthorized = notify) });

    reportUnauthorized();

    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(tokenStorage.read()).toBeNull();
  });

  it('ignores a 401 while signed out, so a refused login does not reset the form', async () => {
    let reportUnauthorized: () => void = () => undefined;
    const { actor } = startSession({
      logIn: () => new Promise(() => undefined),
      watchUnauthorized: (notify) => (reportUnauthorized = notify),
    });
    actor.send({ type: 'session.login', credentials });

    reportUnauthorized();

    expect(actor.getSnapshot().matches({ signedOut: 'loggingIn' })).toBe(true);
  });

  it('opens live updates for the signed-in group and closes them on logout', async () => {
    const closeLiveUpdates = vi.fn();
    const liveUpdates = vi.fn(() => closeLiveUpdates);
    const { actor } = await signIn({ liveUpdates });

    expect(liveUpdates).toHaveBeenCalledWith(
      { token: 'token-1', customerGroupId: 'group-1', lastPosition: 100 },
      expect.any(Function),
    );
    expect(closeLiveUpdates).not.toHaveBeenCalled();

    actor.send({ type: 'session.logout' });
    expect(closeLiveUpdates).toHaveBeenCalledOnce();
  });

  it('takes the new module names from a live update', async () => {
    let sendBack: (event: SessionEvent) => void = () => undefined;
    const { actor } = await signIn({
      liveUpdates: (_input, send) => {
        sendBack = send;
        return () => undefined;
      },
    });

    sendBack({ type: 'session.moduleNameChanged', data: { module_name: 'Event', module_name_plural: 'Events' } });

    expect(actor.getSnapshot().context.moduleName).toBe('Event');
    expect(actor.getSnapshot().context.moduleNamePlural).toBe('Events');
  });

  it('opens live updates without a position when the loaded answers carried none', async () => {
    const liveUpdates = vi.fn(() => () => undefined);
    await signIn({ loadSession: async () => ({ ...aLoadedSession, livePosition: undefined }), liveUpdates });

    expect(liveUpdates).toHaveBeenCalledWith(
      { token: 'token-1', customerGroupId: 'group-1', lastPosition: undefined },
      expect.any(Function),
    );
  });

  it('reloads everything on a resync, then reopens live updates from the reloaded position', async () => {
    let sendBack: (event: SessionEvent) => void = () => undefined;
    const closeLiveUpdates = vi.fn();
    const liveUpdates = vi.fn((_input: LiveUpdatesInput, send: (event: SessionEvent) => void) => {
      sendBack = send;
      return closeLiveUpdates;
    });
    let finishReload: (session: LoadedSession) => void = () => undefined;
    const loadSession = vi
      .fn<() => Promise<LoadedSession>>()
      .mockResolvedValueOnce(aLoadedSession)
      .mockReturnValueOnce(new Promise((resolve) => (finishReload = resolve)));
    const { actor } = await signIn({ loadSession, liveUpdates });

    sendBack({ type: 'session.resync' });

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(closeLiveUpdates).toHaveBeenCalledOnce();
    expect(loadSession).toHaveBeenCalledTimes(2);

    finishReload({
      ...aLoadedSession,
      incidentModuleSettings: { module_name: 'Event', module_name_plural: 'Events' },
      livePosition: 250,
    });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));

    expect(snapshot.context).toMatchObject({ moduleName: 'Event', livePosition: 250 });
    expect(liveUpdates).toHaveBeenCalledTimes(2);
    expect(liveUpdates).toHaveBeenLastCalledWith(
      { token: 'token-1', customerGroupId: 'group-1', lastPosition: 250 },
      expect.any(Function),
    );
  });

  it('signs out with the error when the reload after a resync fails', async () => {
    let sendBack: (event: SessionEvent) => void = () => undefined;
    const loadSession = vi
      .fn<() => Promise<LoadedSession>>()
      .mockResolvedValueOnce(aLoadedSession)
      .mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT));
    const { actor, tokenStorage } = await signIn({
      loadSession,
      liveUpdates: (_input, send) => {
        sendBack = send;
        return () => undefined;
      },
    });

    sendBack({ type: 'session.resync' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));

    expect(snapshot.context).toMatchObject({ error: SERVER_ERROR_TEXT, livePosition: null });
    expect(tokenStorage.read()).toBeNull();
  });
});
