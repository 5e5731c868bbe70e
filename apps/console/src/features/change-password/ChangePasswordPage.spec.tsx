import type { DetailResponse, PasswordChangeRequest } from '@beacon/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { descriptionOf, findSnackbar } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const SAVED = 'New password has been saved.';
const WRONG_OLD = 'Your old password was entered incorrectly. Please enter it again.';

async function openChangePassword(changePassword: (request: PasswordChangeRequest) => Promise<DetailResponse>) {
  renderConsoleAs(aSessionAs('SENDER'), '/change_password', {}, stubApi({ changePassword }));
  await screen.findByRole('heading', { level: 1, name: 'Change password' });
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, old: string, next: string, again: string) {
  await user.type(screen.getByLabelText('Current password'), old);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), `${again}{Enter}`);
}

describe('ChangePasswordPage', () => {
  it('is a page of the signed-in console, in its layout', async () => {
    await openChangePassword(async () => ({ detail: SAVED }));

    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('changes the password, says so in the snackbar and empties the form', async () => {
    const changePassword = jest.fn<ApiClient['changePassword']>(async () => ({ detail: SAVED }));
    const user = await openChangePassword(changePassword);

    await fillIn(user, 'Old-secret-1', 'Sturdy-horse-42', 'Sturdy-horse-42');

    expect(await findSnackbar(SAVED)).not.toBeNull();
    expect(changePassword).toHaveBeenCalledWith({ old_password: 'Old-secret-1', new_password1: 'Sturdy-horse-42', new_password2: 'Sturdy-horse-42' });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('');
  });

  it('shows a wrong current password next to its field, keeping what was typed', async () => {
    const user = await openChangePassword(() => Promise.reject(new ApiError(400, { detail: WRONG_OLD, old_password: [WRONG_OLD] })));

    await fillIn(user, 'not-it', 'Sturdy-horse-42', 'Sturdy-horse-42');

    const old = screen.getByLabelText<HTMLInputElement>('Current password');
    await waitFor(() => expect(descriptionOf(old)).toBe(WRONG_OLD));
    expect(old.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('Sturdy-horse-42');
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty('disabled', false);
  });

  it('disables the button while the change is under way', async () => {
    const user = await openChangePassword(() => new Promise(() => undefined));

    await fillIn(user, 'Old-secret-1', 'Sturdy-horse-42', 'Sturdy-horse-42');

    expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty('disabled', true);
  });
});
