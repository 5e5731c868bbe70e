import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubbedSessionLogic } from '../../testing/session-fixtures';
import { renderApp } from '../../testing/sign-in';

describe('BrandedLoginPage', () => {
  it('is the login page naming the brand of its address', async () => {
    const logIn = vi.fn(() => new Promise<never>(() => undefined));
    const user = renderApp('/north-hospital', { logic: stubbedSessionLogic({ logIn }) });

    expect(screen.getByText('Signing in to north-hospital')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(logIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeTruthy();
  });
});
