import type { LoginRequest, LoginResponse, TwoFactorRequiredResponse } from '@beacon/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { renderWithSession } from '../../testing/render-with-session';
import { memoryTokenStorage, stubbedSessionLogic } from '../../testing/session-fixtures';
import { currentPath, renderApp } from '../../testing/sign-in';
import { LoginPage } from './LoginPage';

function renderLoginPage(logIn: (credentials: LoginRequest) => Promise<LoginResponse | TwoFactorRequiredResponse>) {
  renderWithSession(<LoginPage />, { logic: stubbedSessionLogic({ logIn }), path: '/login' });
  return userEvent.setup();
}

describe('LoginPage', () => {
  it('logs in with the typed credentials when Enter is pressed', async () => {
    const logIn = jest.fn<ApiClient['logIn']>(() => new Promise<LoginResponse>(() => undefined));
    const user = renderLoginPage(logIn);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(logIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', true);
  });

  it('shows why the server refused the login and lets the user try again', async () => {
    const logIn = jest.fn<ApiClient['logIn']>(() =>
      Promise.reject(new ApiError(400, { non_field_errors: ['Unable to log in with provided credentials.'] })),
    );
    const user = renderLoginPage(logIn);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Unable to log in with provided credentials.');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });

  it('offers a password reset and help with signing in', async () => {
    const user = renderApp('/login');

    const help = screen.getByRole('navigation', { name: 'Sign-in help' });
    expect(within(help).getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/login/reset');
    await user.click(within(help).getByRole('link', { name: 'Need help signing in?' }));

    expect(currentPath()).toBe('/login/faq');
  });

  it('asks for the second factor when the server wants a code, keeping the challenge out of storage', async () => {
    const logIn = jest.fn<ApiClient['logIn']>(async () => ({ two_factor_required: true, ephemeral_token: 'ephemeral-1' }) as const);
    const tokenStorage = memoryTokenStorage();
    const user = renderApp('/login', { logic: stubbedSessionLogic({ logIn }, tokenStorage) });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    expect(currentPath()).toBe('/login_2fa');
    expect(tokenStorage.read()).toBeNull();
  });
});
