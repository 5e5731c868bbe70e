import { PROJECTION_POSITION_HEADER } from '@beacon/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { createApiClient, type ApiClient } from './api-client';
import { ApiError, errorText, SERVER_ERROR_TEXT } from './api-error';
import { memoryTokenStorage } from '../testing/session-fixtures';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function clientAnswering(response: Response | (() => Promise<Response>), token: string | null = 'abc123') {
  const fetch = jest.fn<typeof globalThis.fetch>(typeof response === 'function' ? response : async () => response);
  const onUnauthorized = jest.fn();
  const api = createApiClient({ tokenStorage: memoryTokenStorage(token), onUnauthorized, fetch });
  return { api, fetch, onUnauthorized };
}

function sentRequest(fetch: ReturnType<typeof clientAnswering>['fetch']) {
  const [url, init] = fetch.mock.calls[0]!;
  return { url, method: init?.method, headers: init?.headers as Record<string, string>, body: init?.body };
}

describe('api client', () => {
  it('sends the stored token and asks for the user with descendant fields', async () => {
    const { api, fetch } = clientAnswering(jsonResponse(200, { id: 'user-1' }));

    await expect(api.getLoggedUser()).resolves.toEqual({ id: 'user-1' });

    const request = sentRequest(fetch);
    expect(request.url).toBe('/api/user/self/?descendant_fields=true');
    expect(request.method).toBe('GET');
    expect(request.headers['Authorization']).toBe('Token abc123');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const { api, fetch } = clientAnswering(jsonResponse(200, { key: 'k' }), null);

    await api.logIn({ email: 'ada@example.com', password: 'secret' });

    const request = sentRequest(fetch);
    expect(request.url).toBe('/api/rest-auth/login/');
    expect(request.method).toBe('POST');
    expect(request.headers['Authorization']).toBeUndefined();
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(request.body as string)).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('puts the customer group id into the module settings path', async () => {
    const { api, fetch } = clientAnswering(jsonResponse(200, { module_name: 'Case', module_name_plural: 'Cases' }));

    await api.getIncidentModuleSettings('group-1');

    expect(sentRequest(fetch).url).toBe('/api/customer_group_im_settings/group-1/');
  });

  it('logs out with the inactivity flag and accepts an empty answer', async () => {
    const { api, fetch } = clientAnswering(new Response(null, { status: 204 }));

    await expect(api.logOut({ inactivity: false })).resolves.toBeUndefined();

    expect(sentRequest(fetch).url).toBe('/api/rest-auth/logout/?inactivity=false');
    expect(sentRequest(fetch).method).toBe('POST');
  });

  it.each([
    ['keepalive', (api: ApiClient) => api.keepAlive(), '/api/users/keepalive/'],
    ['token expiry', (api: ApiClient) => api.getTokenExpiry(), '/api/get_token_expiry_time/'],
    ['user with custom fields', (api: ApiClient) => api.getUserWithCustomFields('user 7'), '/api/user/user%207/?custom_fields=true'],
  ])('asks for the %s with GET', async (_call, call, path) => {
    const { api, fetch } = clientAnswering(jsonResponse(200, {}));

    await call(api);

    expect(sentRequest(fetch)).toMatchObject({ url: path, method: 'GET' });
  });

  it.each([
    ['second factor', (api: ApiClient) => api.logInWithSecondFactor({ ephemeral_token: 'e1', code: '123456' }), '/api/rest-auth/login/2fa/', { ephemeral_token: 'e1', code: '123456' }],
    ['impersonated login', (api: ApiClient) => api.logInAsImpersonated('one-time'), '/api/rest-auth/impersonate_login/', { token: 'one-time' }],
    ['password reset', (api: ApiClient) => api.requestPasswordReset({ email: 'ada@example.com' }), '/api/rest-auth/password/reset/', { email: 'ada@example.com' }],
    [
      'set password',
      (api: ApiClient) => api.confirmPasswordReset({ uid: 'u1', token: 't1', new_password1: 'a', new_password2: 'a' }),
      '/api/rest-auth/password/reset/confirm/',
      { uid: 'u1', token: 't1', new_password1: 'a', new_password2: 'a' },
    ],
    [
      'change password',
      (api: ApiClient) => api.changePassword({ old_password: 'o', new_password1: 'n', new_password2: 'n' }),
      '/api/rest-auth/password/change/',
      { old_password: 'o', new_password1: 'n', new_password2: 'n' },
    ],
  ])('posts the %s to its sign-in path, the token in the body', async (_call, call, path, body) => {
    const { api, fetch } = clientAnswering(jsonResponse(200, { key: 'k' }));

    await call(api);

    const request = sentRequest(fetch);
    expect(request).toMatchObject({ url: path, method: 'POST' });
    expect(JSON.parse(request.body as string)).toEqual(body);
  });

  it('reads the email outbox', async () => {
    const { api, fetch } = clientAnswering(jsonResponse(200, { results: [] }));

    await expect(api.getEmailOutbox()).resolves.toEqual({ results: [] });

    expect(sentRequest(fetch)).toMatchObject({ url: '/api/email_outbox/', method: 'GET' });
  });

  it('names a write with the caller’s Idempotency-Key, and sends none unless asked', async () => {
    const { api, fetch } = clientAnswering(async () => jsonResponse(201, { task_id: 's-1' }));

    await api.send('POST', '/api/session/', { scenario: 'a' }, { idempotencyKey: 'key-1' });
    await api.send('POST', '/api/session/', { scenario: 'a' });

    const [first, second] = fetch.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(first!['Idempotency-Key']).toBe('key-1');
    expect(second!['Idempotency-Key']).toBeUndefined();
  });

  it('tells of every successful answer, and of no failed one', async () => {
    const onSuccess = jest.fn();
    const answers = [jsonResponse(200, {}), new Response(null, { status: 204 }), jsonResponse(400, {}), jsonResponse(401, {})];
    const fetch = jest.fn<typeof globalThis.fetch>(async () => answers.shift()!);
    const api = createApiClient({ tokenStorage: memoryTokenStorage('abc123'), onUnauthorized: jest.fn(), onSuccess, fetch });

    await api.getCompanyInfo();
    await api.keepAlive();
    expect(onSuccess).toHaveBeenCalledTimes(2);

    await expect(api.getCompanyInfo()).rejects.toMatchObject({ status: 400 });
    await expect(api.getCompanyInfo()).rejects.toMatchObject({ status: 401 });
    expect(onSuccess).toHaveBeenCalledTimes(2);
  });

  it('tells of successful answers to reads tracked for their position too', async () => {
    const onSuccess = jest.fn();
    const fetch = jest.fn<typeof globalThis.fetch>(async () => jsonResponse(200, {}));
    const api = createApiClient({ tokenStorage: memoryTokenStorage('abc123'), onUnauthorized: jest.fn(), onSuccess, fetch });

    await api.trackReadPosition((reads) => Promise.all([reads.getLoggedUser(), reads.getCompanyInfo()]));

    expect(onSuccess).toHaveBeenCalledTimes(2);
  });

  it.each([401, 403])('reports %i as unauthorized and fails with the server body', async (status) => {
    const { api, onUnauthorized } = clientAnswering(jsonResponse(status, { detail: 'Invalid token.' }));

    await expect(api.getOwnCustomerGroup()).rejects.toMatchObject({ error: true, status, data: { detail: 'Invalid token.' } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('replaces a 500 answer with the spec’s error text', async () => {
    const { api, onUnauthorized } = clientAnswering(new Response('Traceback ...', { status: 500 }));

    const failure = await api.getCompanyInfo().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ error: true, status: 500, data: SERVER_ERROR_TEXT });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps a refused login’s reason so the login page can show it', async () => {
    const { api, onUnauthorized } = clientAnswering(
      jsonResponse(400, { non_field_errors: ['Unable to log in with provided credentials.'] }),
      null,
    );

    const failure = await api.logIn({ email: 'ada@example.com', password: 'wrong' }).catch((error: unknown) => error);

    expect(failure).toMatchObject({ error: true, status: 400 });
    expect(errorText(failure)).toBe('Unable to log in with provided credentials.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('fails with status 0 when the server cannot be reached', async () => {
    const { api } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(api.getCompanyInfo()).rejects.toMatchObject({ error: true, status: 0 });
  });

  describe('trackReadPosition', () => {
    /** A fake server that answers each path with its own status and projection position, if any. */
    function clientWithPositions(answers: Record<string, { position?: string; status?: number }>) {
      const fetch = jest.fn<typeof globalThis.fetch>(async (input) => {
        const path = String(input).split('?')[0]!;
        const { position, status = 200 } = answers[path] ?? {};
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (position !== undefined) headers[PROJECTION_POSITION_HEADER] = position;
        return new Response(JSON.stringify({ path }), { status, headers });
      });
      return createApiClient({ tokenStorage: memoryTokenStorage('abc123'), onUnauthorized: jest.fn(), fetch });
    }

    it('returns what the reads returned and the position their answer carried', async () => {
      const api = clientWithPositions({ '/api/get_company_info/': { position: '17' } });

      const tracked = await api.trackReadPosition((reads) => reads.getCompanyInfo());

      expect(tracked).toEqual({ result: { path: '/api/get_company_info/' }, position: 17 });
    });

    it('returns the lowest position among several answers, including reads started after others finished', async () => {
      const api = clientWithPositions({
        '/api/user/self/': { position: '12' },
        '/api/customer_group/self/': { position: '9' },
        '/api/get_company_info/': { position: '15' },
        '/api/customer_group_im_settings/group-1/': { position: '11' },
      });

      const { position } = await api.trackReadPosition((reads) =>
        Promise.all([
          reads.getLoggedUser(),
          reads.getCompanyInfo(),
          reads.getOwnCustomerGroup().then(() => reads.getIncidentModuleSettings('group-1')),
        ]),
      );

      expect(position).toBe(9);
    });

    it('ignores answers without the header, and gives no position when none carried it', async () => {
      const api = clientWithPositions({ '/api/user/self/': { position: '5' } });

      const mixed = await api.trackReadPosition((reads) => Promise.all([reads.getLoggedUser(), reads.getCompanyInfo()]));
      const none = await api.trackReadPosition((reads) => reads.getCompanyInfo());

      expect(mixed.position).toBe(5);
      expect(none.position).toBeUndefined();
    });

    it('ignores malformed positions', async () => {
      const api = clientWithPositions({
        '/api/user/self/': { position: 'soon' },
        '/api/get_company_info/': { position: '-1' },
        '/api/customer_group/self/': { position: '' },
      });

      const { position } = await api.trackReadPosition((reads) =>
        Promise.all([reads.getLoggedUser(), reads.getCompanyInfo(), reads.getOwnCustomerGroup()]),
      );

      expect(position).toBeUndefined();
    });

    it('counts position 0 (nothing projected yet) as a position', async () => {
      const api = clientWithPositions({ '/api/user/self/': { position: '0' }, '/api/get_company_info/': { position: '3' } });

      const { position } = await api.trackReadPosition((reads) => Promise.all([reads.getLoggedUser(), reads.getCompanyInfo()]));

      expect(position).toBe(0);
    });

    it('only counts reads made inside it, through the client it was given', async () => {
      const api = clientWithPositions({ '/api/user/self/': { position: '2' }, '/api/get_company_info/': { position: '8' } });

      const { position } = await api.trackReadPosition(async (reads) => {
        await api.getLoggedUser();
        return reads.getCompanyInfo();
      });
      await api.getLoggedUser();

      expect(position).toBe(8);
    });

    it('keeps separate tracks apart when they run side by side', async () => {
      const api = clientWithPositions({ '/api/user/self/': { position: '2' }, '/api/get_company_info/': { position: '8' } });

      const [first, second] = await Promise.all([
        api.trackReadPosition((reads) => reads.getLoggedUser()),
        api.trackReadPosition((reads) => reads.getCompanyInfo()),
      ]);

      expect([first.position, second.position]).toEqual([2, 8]);
    });

    it('does not take a position from a failed answer', async () => {
      const api = clientWithPositions({
        '/api/user/self/': { position: '1', status: 404 },
        '/api/get_company_info/': { position: '6' },
      });

      const { position } = await api.trackReadPosition(async (reads) => {
        await reads.getLoggedUser().catch(() => undefined);
        return reads.getCompanyInfo();
      });

      expect(position).toBe(6);
    });

    it('fails as the reads fail', async () => {
      const api = clientWithPositions({ '/api/get_company_info/': { position: '6', status: 500 } });

      await expect(api.trackReadPosition((reads) => reads.getCompanyInfo())).rejects.toMatchObject({ status: 500 });
    });
  });
});
