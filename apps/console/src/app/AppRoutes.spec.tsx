import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../testing/render-with-session';
import { AppRoutes } from './AppRoutes';

describe('AppRoutes', () => {
  it('sends a guest to the login page, and after login to the page they asked for', async () => {
    renderWithSession(<AppRoutes />, { path: '/somewhere/else' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('shows the dashboard to a signed-in user', async () => {
    renderWithSession(<AppRoutes />, { storedToken: 'token-1', path: '/' });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy();
    expect(screen.getByText('North Hospital')).toBeTruthy();
  });

  it('sends a signed-in user away from the login page', async () => {
    renderWithSession(<AppRoutes />, { storedToken: 'token-1', path: '/login' });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('returns to the login page after logout', async () => {
    renderWithSession(<AppRoutes />, { storedToken: 'token-1', path: '/' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });
});
