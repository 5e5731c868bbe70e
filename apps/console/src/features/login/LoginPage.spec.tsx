import type { LoginRequest, LoginResponse } from '@beacon/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { renderWithSession } from '../../testing/render-with-session';
import { stubbedSessionLogic } from '../../testing/session-fixtures';
import { LoginPage } from './LoginPage';

function renderLoginPage(logIn: (credentials: LoginRequest) => Promise<LoginResponse>) {
  renderWithSession(<LoginPage />, { logic: stubbedSessionLogic({ logIn }), path: '/login' });
  return userEvent.setup();
}

describe('LoginPage', () => {
  it('logs in with the typed credentials when Enter is pressed', async () => {
    const logIn = vi.fn(() => new Promise<LoginResponse>(() => undefined));
    const user = renderLoginPage(logIn);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(logIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', true);
  });

  it('shows why the server refused the login and lets the user try again', async () => {
    const logIn = vi.fn(() =>
      Promise.reject(new ApiError(400, { non_field_errors: ['Unable to log in with provided credentials.'] })),
    );
    const user = renderLoginPage(logIn);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Unable to log in with provided credentials.');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });
});
