import type { LoginResponse, SecondFactorLoginRequest } from '@beacon/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { memoryTokenStorage, stubbedSessionLogic } from '../../testing/session-fixtures';
import { currentPath, descriptionOf, renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const INVALID_CODE = 'Invalid code.';
const EXPIRED = 'This sign-in has expired or was already completed. Please sign in again.';

/** A guest who typed a right password for an account with two-factor on, now at the code page. */
async function atTheCodePage(logInWithSecondFactor: (request: SecondFactorLoginRequest) => Promise<LoginResponse>) {
  const tokenStorage = memoryTokenStorage();
  const logic = stubbedSessionLogic({ logIn: async () => ({ two_factor_required: true, ephemeral_token: 'ephemeral-1' }) }, tokenStorage);
  const user = renderApp('/login', { logic, api: stubApi({ logInWithSecondFactor }) });
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
  const code = await screen.findByLabelText('Authentication code');
  return { user, code, tokenStorage };
}

describe('LoginSecondFactorPage', () => {
  it('completes the sign-in with the code: sends it with the challenge, stores the key and opens the Dashboard', async () => {
    const logInWithSecondFactor = jest.fn<ApiClient['logInWithSecondFactor']>(async () => ({ key: 'key-after-code' }));
    const { user, code, tokenStorage } = await atTheCodePage(logInWithSecondFactor);

    await user.type(code, '123 456{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(logInWithSecondFactor).toHaveBeenCalledWith({ ephemeral_token: 'ephemeral-1', code: '123456' });
    expect(tokenStorage.read()).toBe('key-after-code');
    expect(currentPath()).toBe('/');
  });

  it('keeps the button disabled while the code is checked', async () => {
    const { user, code } = await atTheCodePage(() => new Promise(() => undefined));

    await user.type(code, '123456{Enter}');

    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', true);
  });

  it('shows a refused code next to the field and lets the user try again', async () => {
    const logInWithSecondFactor = jest
      .fn<(request: SecondFactorLoginRequest) => Promise<LoginResponse>>()
      .mockRejectedValueOnce(new ApiError(400, { detail: INVALID_CODE, code: [INVALID_CODE] }))
      .mockResolvedValueOnce({ key: 'key-after-code' });
    const { user, code } = await atTheCodePage(logInWithSecondFactor);

    await user.type(code, '000000{Enter}');

    expect(await screen.findByText(INVALID_CODE)).toBeTruthy();
    expect(descriptionOf(code)).toContain(INVALID_CODE);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('says at the top when the sign-in has expired, with the way back to login', async () => {
    const { user, code } = await atTheCodePage(() => Promise.reject(new ApiError(400, { detail: EXPIRED, ephemeral_token: [EXPIRED] })));

    await user.type(code, '123456{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(currentPath()).toBe('/login');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('asks for six digits before calling the server', async () => {
    const logInWithSecondFactor = jest.fn<ApiClient['logInWithSecondFactor']>(async () => ({ key: 'k' }));
    const { user, code } = await atTheCodePage(logInWithSecondFactor);

    await user.type(code, '12a45{Enter}');

    expect(descriptionOf(code)).toContain('Enter the 6 digits your authenticator app shows.');
    expect(logInWithSecondFactor).not.toHaveBeenCalled();
  });

  it('sends a visitor with no sign-in waiting for a code to the login page', async () => {
    renderApp('/login_2fa');

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });
});
