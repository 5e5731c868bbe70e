import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiContext } from '../../api/api-context';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs } from '../../testing/render-console-as';
import { memoryTokenStorage, stubbedSessionLogic } from '../../testing/session-fixtures';
import { currentPath, renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';
import { BrandedThemeProvider } from '../../session/components/BrandedThemeProvider';
import { SessionContext } from '../../session/session-context';
import { ImpersonateLoginPage } from './ImpersonateLoginPage';

const INVALID = 'This impersonation link is invalid, has expired or was already used.';

describe('ImpersonateLoginPage', () => {
  it('exchanges the link’s token for a key, signs in with it and opens the Dashboard', async () => {
    const logInAsImpersonated = jest.fn<ApiClient['logInAsImpersonated']>(async () => ({ key: 'impersonation-key' }));
    const tokenStorage = memoryTokenStorage();
    renderApp('/impersonate_login/one-time-token', {
      api: stubApi({ logInAsImpersonated }),
      logic: stubbedSessionLogic({ loadSession: async () => aSessionAs('SENDER') }, tokenStorage),
    });

    expect(screen.getByText('Signing you in…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('sender@demo.test')).toBeTruthy();
    expect(logInAsImpersonated).toHaveBeenCalledTimes(1);
    expect(logInAsImpersonated).toHaveBeenCalledWith('one-time-token');
    expect(tokenStorage.read()).toBe('impersonation-key');
    expect(currentPath()).toBe('/');
  });

  it('replaces a session open in this browser, ending it first', async () => {
    const logOut = jest.fn<ApiClient['logOut']>(async () => undefined);
    const loadSession = jest.fn<() => Promise<ReturnType<typeof aSessionAs>>>().mockResolvedValueOnce(aSessionAs('ADMIN')).mockResolvedValueOnce(aSessionAs('SENDER'));
    renderApp('/impersonate_login/one-time-token', {
      api: stubApi({ logInAsImpersonated: async () => ({ key: 'impersonation-key' }) }),
      logic: stubbedSessionLogic({ loadSession, logOut }),
      storedToken: 'admin-token',
    });

    expect(await screen.findByText('sender@demo.test')).toBeTruthy();
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/');
  });

  it('shows why the link cannot be used, with a way to the login page', async () => {
    const user = renderApp('/impersonate_login/used-token', {
      api: stubApi({ logInAsImpersonated: () => Promise.reject(new ApiError(400, { detail: INVALID, token: [INVALID] })) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Impersonated login failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    await user.click(screen.getByRole('link', { name: 'Go to the login page' }));
    expect(currentPath()).toBe('/login');
  });

  it('shows the error when the session cannot be loaded with the key', async () => {
    renderApp('/impersonate_login/one-time-token', {
      api: stubApi({ logInAsImpersonated: async () => ({ key: 'impersonation-key' }) }),
      logic: stubbedSessionLogic({ loadSession: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Impersonated login failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SERVER_ERROR_TEXT);
  });

  it('spends the one-time token once, even when React runs its effects twice (strict mode)', async () => {
    const logInAsImpersonated = jest.fn<ApiClient['logInAsImpersonated']>(() => new Promise<{ key: string }>(() => undefined));
    render(
      <StrictMode>
        <ApiContext.Provider value={stubApi({ logInAsImpersonated })}>
          <SessionContext.Provider logic={stubbedSessionLogic()} options={{ input: { storedToken: null } }}>
            <BrandedThemeProvider>
              <MemoryRouter initialEntries={['/impersonate_login/one-time-token']}>
                <Routes>
                  <Route path="/impersonate_login/:token" element={<ImpersonateLoginPage />} />
                </Routes>
              </MemoryRouter>
            </BrandedThemeProvider>
          </SessionContext.Provider>
        </ApiContext.Provider>
      </StrictMode>,
    );

    expect(await screen.findByText('Signing you in…')).toBeTruthy();
    expect(logInAsImpersonated).toHaveBeenCalledTimes(1);
  });
});
