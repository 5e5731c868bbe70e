import type { DetailResponse } from '@beacon/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { currentPath, renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const SENT = 'Password reset e-mail has been sent.';

describe('PasswordResetRequestPage', () => {
  it('asks for a reset link with the email and shows the server’s answer with the way back to login', async () => {
    const requestPasswordReset = jest.fn<ApiClient['requestPasswordReset']>(async (): Promise<DetailResponse> => ({ detail: SENT }));
    const user = renderApp('/login/reset', { api: stubApi({ requestPasswordReset }) });

    await user.type(screen.getByLabelText('Email'), ' ada@example.com {Enter}');

    expect((await screen.findByText(SENT)).closest('[role="status"]')).not.toBeNull();
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(currentPath()).toBe('/login');
  });

  it('disables the button while the request is under way', async () => {
    const user = renderApp('/login/reset', { api: stubApi({ requestPasswordReset: () => new Promise(() => undefined) }) });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');

    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', true);
  });

  it('shows why the request failed and keeps the form', async () => {
    const user = renderApp('/login/reset', { api: stubApi({ requestPasswordReset: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) }) });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', false);
  });
});
