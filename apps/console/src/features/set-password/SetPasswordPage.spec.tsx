import type { DetailResponse, PasswordResetConfirmRequest } from '@beacon/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { currentPath, descriptionOf, findSnackbar, renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const DONE = 'Password has been reset with the new password.';
const EXPIRED = 'This password reset link has expired. Please request a new one.';

function openLink(confirmPasswordReset: (request: PasswordResetConfirmRequest) => Promise<DetailResponse>) {
  return renderApp('/reset/user-7/token-abc', { api: stubApi({ confirmPasswordReset }) });
}

async function typePasswords(user: ReturnType<typeof openLink>, first: string, second: string) {
  await user.type(screen.getByLabelText('New password'), first);
  await user.type(screen.getByLabelText('Confirm new password'), `${second}{Enter}`);
}

describe('SetPasswordPage', () => {
  it('sets the password with the link’s uid and token, says so and goes to the login page', async () => {
    const confirmPasswordReset = jest.fn<ApiClient['confirmPasswordReset']>(async () => ({ detail: DONE }));
    const user = openLink(confirmPasswordReset);

    await typePasswords(user, 'Sturdy-horse-42', 'Sturdy-horse-42');

    expect(await findSnackbar(DONE)).not.toBeNull();
    expect(confirmPasswordReset).toHaveBeenCalledWith({
      uid: 'user-7',
      token: 'token-abc',
      new_password1: 'Sturdy-horse-42',
      new_password2: 'Sturdy-horse-42',
    });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });

  it('shows the server’s password rules next to the fields', async () => {
    const tooShort = 'This password is too short. It must contain at least 8 characters.';
    const mismatch = "The two password fields didn't match.";
    const user = openLink(() =>
      Promise.reject(new ApiError(400, { detail: tooShort, new_password1: [tooShort, 'This password is entirely numeric.'], new_password2: [mismatch] })),
    );

    await typePasswords(user, '1234', '12345');

    const first = screen.getByLabelText('New password');
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(first)).toContain(tooShort);
    expect(descriptionOf(first)).toContain('This password is entirely numeric.');
    expect(descriptionOf(screen.getByLabelText('Confirm new password'))).toContain(mismatch);
    expect(document.activeElement).toBe(first);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says clearly when the link has expired or was used, and offers a new one', async () => {
    const user = openLink(() => Promise.reject(new ApiError(400, { detail: EXPIRED, token: [EXPIRED] })));

    await typePasswords(user, 'Sturdy-horse-42', 'Sturdy-horse-42');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(EXPIRED)).toBeTruthy();
    await user.click(within(alert).getByRole('link', { name: 'Request a new reset link' }));
    expect(currentPath()).toBe('/login/reset');
  });

  it('disables the button while the password is being set', async () => {
    const user = openLink(() => new Promise(() => undefined));

    await typePasswords(user, 'Sturdy-horse-42', 'Sturdy-horse-42');

    expect(screen.getByRole('button', { name: 'Set password' })).toHaveProperty('disabled', true);
  });
});
