import type { LoginRequest, LoginResponse } from '@beacon/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { DEFAULT_TIMINGS } from '../../app/timings';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aLoadedSession, memoryTokenStorage, stubbedSessionLogic, type SessionStubs } from '../../testing/session-fixtures';
import type { LiveUpdatesInput, LoadedSession, SessionEvent, SessionTimings } from './session.machine';

const credentials = { email: 'ada@example.com', password: 'secret' };

function startSession(stubs: SessionStubs = {}, storedToken: string | null = null, timings?: SessionTimings) {
  const tokenStorage = memoryTokenStorage(storedToken);
  const actor = createActor(stubbedSessionLogic(stubs, tokenStorage), { input: { storedToken, timings } });
  actor.start();
  return { actor, tokenStorage };
}

async function signIn(stubs: SessionStubs = {}, timings?: SessionTimings) {
  const session = startSession(stubs, null, timings);
  session.actor.send({ type: 'session.login', credentials });
  await waitFor(session.actor, (snapshot) => snapshot.matches('signedIn'));
  return session;
}

describe('session machine', () => {
  it('starts signed out when no token is stored, without loading anything', () => {
    const loadSession = jest.fn<NonNullable<SessionStubs['loadSession']>>(async () => aLoadedSession);
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
    const logIn = jest.fn<NonNullable<SessionStubs['logIn']>>(async () => ({ key: 'token-from-server' }));
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
    const logIn = jest
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
    const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
    const { actor, tokenStorage } = await signIn({ logOut });

    actor.send({ type: 'session.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));

    expect(logOut).toHaveBeenCalledTimes(1);
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
    const closeLiveUpdates = jest.fn();
    const liveUpdates = jest.fn<NonNullable<SessionStubs['liveUpdates']>>(() => closeLiveUpdates);
    const { actor } = await signIn({ liveUpdates });

    expect(liveUpdates).toHaveBeenCalledWith(
      { token: 'token-1', customerGroupId: 'group-1', lastPosition: 100 },
      expect.any(Function),
    );
    expect(closeLiveUpdates).not.toHaveBeenCalled();

    actor.send({ type: 'session.logout' });
    expect(closeLiveUpdates).toHaveBeenCalledTimes(1);
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
    const liveUpdates = jest.fn<NonNullable<SessionStubs['liveUpdates']>>(() => () => undefined);
    await signIn({ loadSession: async () => ({ ...aLoadedSession, livePosition: undefined }), liveUpdates });

    expect(liveUpdates).toHaveBeenCalledWith(
      { token: 'token-1', customerGroupId: 'group-1', lastPosition: undefined },
      expect.any(Function),
    );
  });

  it('reloads everything on a resync, then reopens live updates from the reloaded position', async () => {
    let sendBack: (event: SessionEvent) => void = () => undefined;
    const closeLiveUpdates = jest.fn();
    const liveUpdates = jest.fn<NonNullable<SessionStubs['liveUpdates']>>((_input: LiveUpdatesInput, send: (event: SessionEvent) => void) => {
      sendBack = send;
      return closeLiveUpdates;
    });
    let finishReload: (session: LoadedSession) => void = () => undefined;
    const loadSession = jest
      .fn<() => Promise<LoadedSession>>()
      .mockResolvedValueOnce(aLoadedSession)
      .mockReturnValueOnce(new Promise((resolve) => (finishReload = resolve)));
    const { actor } = await signIn({ loadSession, liveUpdates });

    sendBack({ type: 'session.resync' });

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(closeLiveUpdates).toHaveBeenCalledTimes(1);
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
    const loadSession = jest
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

describe('session machine: second factor and sign-in with a key', () => {
  const challenge = { two_factor_required: true, ephemeral_token: 'ephemeral-1' } as const;

  async function awaitingSecondFactor(stubs: SessionStubs = {}) {
    const session = startSession({ logIn: async () => challenge, ...stubs });
    session.actor.send({ type: 'session.login', credentials });
    await waitFor(session.actor, (s) => s.matches({ signedOut: 'twoFactorRequired' }));
    return session;
  }

  it('waits for the second factor when the login answers a challenge, keeping its token in memory only', async () => {
    const loadSession = jest.fn<NonNullable<SessionStubs['loadSession']>>(async () => aLoadedSession);
    const { actor, tokenStorage } = await awaitingSecondFactor({ loadSession });

    expect(actor.getSnapshot().context).toMatchObject({ ephemeralToken: 'ephemeral-1', token: null, error: null });
    expect(tokenStorage.read()).toBeNull();
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('signs in with the key the second factor gave: stores it, loads the session and forgets the challenge', async () => {
    const { actor, tokenStorage } = await awaitingSecondFactor();

    actor.send({ type: 'session.loginWithToken', key: 'key-after-code' });

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(tokenStorage.read()).toBe('key-after-code');
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.context).toMatchObject({ token: 'key-after-code', ephemeralToken: null, user: aLoadedSession.user });
  });

  it('starts over when the user signs in again instead of giving the code', async () => {
    const logIn = jest
      .fn<(request: LoginRequest) => Promise<LoginResponse | typeof challenge>>()
      .mockResolvedValueOnce(challenge)
      .mockResolvedValueOnce({ key: 'plain-key' });
    const { actor, tokenStorage } = await awaitingSecondFactor({ logIn });

    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (s) => s.matches('signedIn'));

    expect(logIn).toHaveBeenCalledTimes(2);
    expect(tokenStorage.read()).toBe('plain-key');
    expect(actor.getSnapshot().context.ephemeralToken).toBeNull();
  });

  it('signs a guest in with an impersonation key', async () => {
    const { actor, tokenStorage } = startSession();

    actor.send({ type: 'session.loginWithToken', key: 'impersonation-key' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));

    expect(snapshot.context.token).toBe('impersonation-key');
    expect(tokenStorage.read()).toBe('impersonation-key');
  });

  it('signs out with the error and drops the key when the session cannot be loaded with it', async () => {
    const { actor, tokenStorage } = startSession({ loadSession: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) });

    actor.send({ type: 'session.loginWithToken', key: 'impersonation-key' });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));

    expect(snapshot.context).toMatchObject({ error: SERVER_ERROR_TEXT, token: null });
    expect(tokenStorage.read()).toBeNull();
  });

  it('ends the open session on the server before loading the impersonated one', async () => {
    const storedWhenLoggingOut: (string | null)[] = [];
    const tokenStorage = memoryTokenStorage();
    const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => {
      storedWhenLoggingOut.push(tokenStorage.read());
    });
    const loadSession = jest
      .fn<() => Promise<LoadedSession>>()
      .mockResolvedValueOnce(aLoadedSession)
      .mockResolvedValueOnce({ ...aLoadedSession, user: { ...aLoadedSession.user, id: 'user-2', email: 'sam@example.com' } });
    const actor = createActor(stubbedSessionLogic({ logOut, loadSession }, tokenStorage), { input: { storedToken: null } });
    actor.start();
    actor.send({ type: 'session.login', credentials });
    await waitFor(actor, (s) => s.matches('signedIn'));

    actor.send({ type: 'session.loginWithToken', key: 'impersonation-key' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn') && s.context.user?.id === 'user-2');

    expect(logOut).toHaveBeenCalledWith({ inactivity: false });
    expect(storedWhenLoggingOut).toEqual(['token-1']);
    expect(tokenStorage.read()).toBe('impersonation-key');
    expect(snapshot.context.token).toBe('impersonation-key');
  });

  it('still switches when ending the old session fails, and while a stored session is being restored', async () => {
    const { actor, tokenStorage } = startSession(
      { logOut: () => Promise.reject(new ApiError(401, { detail: 'Invalid token.' })) },
      'stored-token',
    );
    expect(actor.getSnapshot().matches('loading')).toBe(true);

    actor.send({ type: 'session.loginWithToken', key: 'impersonation-key' });
    await waitFor(actor, (s) => s.matches('signedIn'));

    expect(tokenStorage.read()).toBe('impersonation-key');
  });
});

describe('session machine timings', () => {
  const SECOND = 1_000;
  const MINUTE = 60 * SECOND;
  const autoLogoutGroup = { ...aLoadedSession.customerGroup, should_use_autologout: true };
  const withAutoLogout = async () => ({ ...aLoadedSession, customerGroup: autoLogoutGroup });

  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  /** A signed-in session whose API answers, user input and last-activity answers the test drives. */
  async function signInWithControls(stubs: SessionStubs = {}, timings?: SessionTimings) {
    let respond: () => void = () => undefined;
    let reportActivity: () => void = () => undefined;
    const session = await signIn(
      {
        watchResponses: (notify) => (respond = notify),
        userActivity: (report) => {
          reportActivity = report;
        },
        ...stubs,
      },
      timings,
    );
    return { ...session, respond: () => respond(), reportActivity: () => reportActivity() };
  }

  const isActive = (actor: ReturnType<typeof startSession>['actor']) =>
    actor.getSnapshot().matches({ signedIn: { activity: 'active' } });

  describe('idle timer', () => {
    it('makes the session inactive after 10000 ms without input', async () => {
      const { actor } = await signInWithControls();

      await jest.advanceTimersByTimeAsync(9_999);
      expect(isActive(actor)).toBe(true);

      await jest.advanceTimersByTimeAsync(1);
      expect(isActive(actor)).toBe(false);
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    });

    it('restarts on every input, and input makes an inactive session active again', async () => {
      const { actor, reportActivity } = await signInWithControls();

      await jest.advanceTimersByTimeAsync(9_000);
      reportActivity();
      await jest.advanceTimersByTimeAsync(9_000);
      expect(isActive(actor)).toBe(true);

      await jest.advanceTimersByTimeAsync(1_000);
      expect(isActive(actor)).toBe(false);

      reportActivity();
      expect(isActive(actor)).toBe(true);
    });

    it('uses shortened timings when given', async () => {
      const { actor } = await signInWithControls({}, { ...DEFAULT_TIMINGS, idleTimeoutMs: 2_000 });

      await jest.advanceTimersByTimeAsync(2_000);

      expect(isActive(actor)).toBe(false);
    });
  });

  describe('idle expiry', () => {
    it('is set 1700 s ahead by every successful API response', async () => {
      const { actor, respond } = await signInWithControls();
      expect(actor.getSnapshot().context.idleExpiresAt).toBeNull();

      respond();
      expect(actor.getSnapshot().context.idleExpiresAt).toBe(1_700 * SECOND);

      await jest.advanceTimersByTimeAsync(42 * SECOND);
      respond();
      expect(actor.getSnapshot().context.idleExpiresAt).toBe(42 * SECOND + 1_700 * SECOND);
    });

    it('is forgotten on logout', async () => {
      const { actor, respond } = await signInWithControls();
      respond();

      actor.send({ type: 'session.logout' });
      await waitFor(actor, (s) => s.matches('signedOut'));

      expect(actor.getSnapshot().context.idleExpiresAt).toBeNull();
    });
  });

  describe('keepalive', () => {
    it('is called at most once a minute while the user keeps using the console', async () => {
      const keepAlive = jest.fn<NonNullable<SessionStubs['keepAlive']>>(async () => undefined);
      const { reportActivity } = await signInWithControls({ keepAlive });

      for (let second = 1; second <= 5 * 60; second += 1) {
        await jest.advanceTimersByTimeAsync(SECOND);
        reportActivity();
      }

      expect(keepAlive).toHaveBeenCalledTimes(5);
    });

    it('is not called while the user is away, and is called at their first input back', async () => {
      const keepAlive = jest.fn<NonNullable<SessionStubs['keepAlive']>>(async () => undefined);
      const { reportActivity } = await signInWithControls({ keepAlive });

      await jest.advanceTimersByTimeAsync(10 * MINUTE);
      expect(keepAlive).not.toHaveBeenCalled();

      reportActivity();
      expect(keepAlive).toHaveBeenCalledTimes(1);
    });

    it('is not called in the first minute, which the start-up calls already covered', async () => {
      const keepAlive = jest.fn<NonNullable<SessionStubs['keepAlive']>>(async () => undefined);
      const { reportActivity } = await signInWithControls({ keepAlive });

      reportActivity();
      await jest.advanceTimersByTimeAsync(MINUTE - 1);
      reportActivity();

      expect(keepAlive).not.toHaveBeenCalled();
    });

    it('carries on after a failed call', async () => {
      const keepAlive = jest.fn<NonNullable<SessionStubs['keepAlive']>>(() => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)));
      const { actor, reportActivity } = await signInWithControls({ keepAlive });

      await jest.advanceTimersByTimeAsync(MINUTE);
      reportActivity();
      await jest.advanceTimersByTimeAsync(MINUTE);
      reportActivity();

      expect(keepAlive).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    });
  });

  describe('auto-logout', () => {
    it('never checks when the group does not use auto-logout', async () => {
      const fetchLastActivity = jest.fn<NonNullable<SessionStubs['fetchLastActivity']>>(async () => null);
      const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
      const { actor, respond } = await signInWithControls({ fetchLastActivity, logOut });
      respond();

      await jest.advanceTimersByTimeAsync(1_800 * SECOND);

      expect(fetchLastActivity).not.toHaveBeenCalled();
      expect(logOut).not.toHaveBeenCalled();
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    });

    it('checks every 10 s and fetches the last activity once within 1 minute of the idle expiry', async () => {
      const fetchLastActivity = jest.fn<NonNullable<SessionStubs['fetchLastActivity']>>(() => new Promise<string | null>(() => undefined));
      const { respond } = await signInWithControls({ loadSession: withAutoLogout, fetchLastActivity });
      await jest.advanceTimersByTimeAsync(5 * SECOND);
      respond(); // idle expiry at 1705 s: the threshold is crossed at 1645 s, the next check is at 1650 s

      await jest.advanceTimersByTimeAsync(1_645 * SECOND - 5 * SECOND);
      expect(fetchLastActivity).not.toHaveBeenCalled();

      await jest.advanceTimersByTimeAsync(5 * SECOND - 1);
      expect(fetchLastActivity).not.toHaveBeenCalled();

      await jest.advanceTimersByTimeAsync(1);
      expect(fetchLastActivity).toHaveBeenCalledTimes(1);
      expect(fetchLastActivity).toHaveBeenCalledWith('user-1');
    });

    it('logs out for inactivity when the last activity is older than the token lifetime, even if active here', async () => {
      const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
      const fetchLastActivity = jest.fn<NonNullable<SessionStubs['fetchLastActivity']>>(async () => new Date(Date.now() - 900 * SECOND - 1).toISOString());
      const { actor, tokenStorage, respond, reportActivity } = await signInWithControls({
        loadSession: async () => ({ ...(await withAutoLogout()), tokenLifetimeMs: 900 * SECOND }),
        fetchLastActivity,
        logOut,
      });
      respond();

      await jest.advanceTimersByTimeAsync(1_640 * SECOND - 1);
      reportActivity();
      expect(isActive(actor)).toBe(true);
      await jest.advanceTimersByTimeAsync(1);
      await waitFor(actor, (s) => s.matches('signedOut'));

      expect(fetchLastActivity).toHaveBeenCalledTimes(1);
      expect(logOut).toHaveBeenCalledTimes(1);
      expect(logOut).toHaveBeenCalledWith({ inactivity: true });
      expect(tokenStorage.read()).toBeNull();
      expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, customerGroup: null });
    });

    it('logs out for inactivity when the session is idle, however recent the last activity', async () => {
      const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
      const { actor, tokenStorage, respond } = await signInWithControls({
        loadSession: withAutoLogout,
        fetchLastActivity: async () => new Date(Date.now() - SECOND).toISOString(),
        logOut,
      });
      respond();

      await jest.advanceTimersByTimeAsync(1_640 * SECOND);
      await waitFor(actor, (s) => s.matches('signedOut'));

      expect(logOut).toHaveBeenCalledTimes(1);

      expect(logOut).toHaveBeenCalledWith({ inactivity: true });
      expect(tokenStorage.read()).toBeNull();
      expect(actor.getSnapshot().context).toMatchObject({ user: null, customerGroup: null });
    });

    it('stays signed in when the last activity is recent and the user is active, and checks again', async () => {
      const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
      const fetchLastActivity = jest.fn<NonNullable<SessionStubs['fetchLastActivity']>>(async () => new Date(Date.now() - 60 * SECOND).toISOString());
      const { actor, respond, reportActivity } = await signInWithControls({
        loadSession: withAutoLogout,
        fetchLastActivity,
        logOut,
      });
      respond();

      await jest.advanceTimersByTimeAsync(1_640 * SECOND - 1);
      reportActivity();
      await jest.advanceTimersByTimeAsync(1);
      expect(fetchLastActivity).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);

      reportActivity();
      await jest.advanceTimersByTimeAsync(10 * SECOND);
      expect(fetchLastActivity).toHaveBeenCalledTimes(2);
      expect(logOut).not.toHaveBeenCalled();
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    });

    it('judges the last activity by the idle extension when the token lifetime is unknown', async () => {
      const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
      const { actor, respond, reportActivity } = await signInWithControls({
        loadSession: async () => ({ ...(await withAutoLogout()), tokenLifetimeMs: null }),
        fetchLastActivity: async () => new Date(Date.now() - 1_700 * SECOND - 1).toISOString(),
        logOut,
      });
      respond();

      await jest.advanceTimersByTimeAsync(1_640 * SECOND - 1);
      reportActivity();
      await jest.advanceTimersByTimeAsync(1);
      await waitFor(actor, (s) => s.matches('signedOut'));

      expect(logOut).toHaveBeenCalledTimes(1);

      expect(logOut).toHaveBeenCalledWith({ inactivity: true });
    });

    it('keeps checking when the last activity cannot be fetched', async () => {
      const fetchLastActivity = jest.fn<NonNullable<SessionStubs['fetchLastActivity']>>(() => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)));
      const { actor, respond, reportActivity } = await signInWithControls({ loadSession: withAutoLogout, fetchLastActivity });
      respond();

      await jest.advanceTimersByTimeAsync(1_640 * SECOND - 1);
      reportActivity();
      await jest.advanceTimersByTimeAsync(1);
      reportActivity();
      await jest.advanceTimersByTimeAsync(10 * SECOND);

      expect(fetchLastActivity).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    });
  });

  it('logs out as a user action without the inactivity flag', async () => {
    const logOut = jest.fn<NonNullable<SessionStubs['logOut']>>(async () => undefined);
    const { actor } = await signInWithControls({ logOut });

    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));

    expect(logOut).toHaveBeenCalledTimes(1);

    expect(logOut).toHaveBeenCalledWith({ inactivity: false });
  });
});
