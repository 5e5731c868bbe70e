import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import type { BrandLoginDto } from '@beacon/contracts';
import { ApiError } from '../../api/api-error';
import { stubbedSessionLogic } from '../../testing/session-fixtures';
import { renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const LOGO = `https://cdn.example.com/logos/${'north-hospital-'.repeat(4)}.png`;

const northHospital: BrandLoginDto = {
  name: 'North Hospital',
  brand_logo: LOGO,
  header_color: '#654321',
  highlight_color: '#123456',
  enable_custom_branding: true,
};

describe('BrandedLoginPage', () => {
  it("asks for the brand's group and shows its name, logo and colours; signing in works as on the login page", async () => {
    const getBrandLogin = jest.fn<ApiClient['getBrandLogin']>(() => Promise.resolve(northHospital));
    const logIn = jest.fn<ApiClient['logIn']>(() => new Promise<never>(() => undefined));
    const user = renderApp('/north-hospital', { api: stubApi({ getBrandLogin }), logic: stubbedSessionLogic({ logIn }) });

    expect(await screen.findByText('Signing in to North Hospital')).toBeTruthy();
    expect(getBrandLogin).toHaveBeenCalledWith('north-hospital');
    expect(screen.getByRole('img', { name: 'North Hospital logo' }).getAttribute('src')).toBe(LOGO);
    expect(getComputedStyle(screen.getByRole('heading', { level: 1 })).color).toBe('rgb(18, 52, 86)');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(logIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('shows no logo of 61 characters or fewer, and keeps the default colours without custom branding', async () => {
    const getBrandLogin = jest.fn<ApiClient['getBrandLogin']>(() =>
      Promise.resolve({ ...northHospital, brand_logo: 'x'.repeat(61), enable_custom_branding: false }),
    );
    renderApp('/north-hospital', { api: stubApi({ getBrandLogin }) });

    expect(await screen.findByText('Signing in to North Hospital')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(getComputedStyle(screen.getByRole('heading', { level: 1 })).color).toBe('rgb(25, 118, 210)');
  });

  it('is the plain login page, without an error, for an unknown brand', async () => {
    const getBrandLogin = jest.fn<ApiClient['getBrandLogin']>(() => Promise.reject(new ApiError(404, { detail: 'Not found.' })));
    renderApp('/no-such-brand', { api: stubApi({ getBrandLogin }) });

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    await waitFor(() => expect(getBrandLogin).toHaveBeenCalledWith('no-such-brand'));
    expect(screen.queryByText(/Signing in to/)).toBeNull();
    expect(screen.queryByText('Not found.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
