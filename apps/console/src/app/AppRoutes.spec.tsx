import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import type { CustomerPermission } from '@beacon/domain';
import type { SessionEvent } from '../session/machines/session.machine';
import { renderWithSession } from '../testing/render-with-session';
import { aSessionAs, DEMO_ROOT_PERMISSIONS, renderConsoleAs, type SessionAs } from '../testing/render-console-as';
import { AppRoutes } from './AppRoutes';

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;
const PLACEHOLDER_TEXT = 'This screen is coming in a later release.';

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

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('North Hospital')).toBeTruthy();
  });

  it('sends a signed-in user away from the login page', async () => {
    renderWithSession(<AppRoutes />, { storedToken: 'token-1', path: '/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('returns to the login page after logout', async () => {
    renderWithSession(<AppRoutes />, { storedToken: 'token-1', path: '/' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });
});

describe('route guards', () => {
  it('logs out a sender who opens incident settings, showing nothing of the layout', async () => {
    const logOut = jest.fn(() => new Promise<void>(() => undefined));
    renderConsoleAs(aSessionAs('SENDER'), '/incidents/settings', { logOut });

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Incident settings' })).toBeNull();
  });

  it('keeps the open screen while its permission stays, and treats it as a failed guard once the organisation loses it, live', async () => {
    const logOut = jest.fn(() => new Promise<void>(() => undefined));
    let sendBack: (event: SessionEvent) => void = () => undefined;
    const liveUpdates = (_input: unknown, send: (event: SessionEvent) => void) => {
      sendBack = send;
      return () => undefined;
    };
    renderConsoleAs(aSessionAs('ADMIN'), '/incidents/settings', { logOut, liveUpdates });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Incidents' })).toBeTruthy();

    // Another permission went: the screen stays.
    act(() => sendBack({ type: 'session.rootPermissionsChanged', permissions: DEMO_ROOT_PERMISSIONS.filter((permission) => permission !== 'Use Slack') }));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(logOut).not.toHaveBeenCalled();

    act(() => sendBack({ type: 'session.rootPermissionsChanged', permissions: ['SMS', 'Voice'] }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('lets an operator open incident settings', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/incidents/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Incident settings' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Settings sections' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it.each<[CustomerPermission, string, SessionAs?]>([
    // Every row gives all three: Jest hands a row's missing argument a `done` callback instead.
    ['OPERATOR', '/activity_log', undefined],
    ['CONTACT', '/message_sending', undefined],
    ['DATA', '/message/calendar/schedule_message', undefined],
    ['OPERATOR', '/users/user-2/edit/devices', { settings: { send_verification_email: true } }],
    ['OPERATOR', '/message/sessions/5/dispatch_details', { rootPermissions: ['Media library'] }],
    ['ADMIN', '/media_library', { rootPermissions: [] }],
  ])('logs out %s at %s', async (role, path, options) => {
    const logOut = jest.fn(async () => undefined);
    renderConsoleAs(aSessionAs(role, options), path, { logOut });

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(logOut).toHaveBeenCalledTimes(1);
  });

  it('requires sign-in for the catch-all and shows Page not found in the layout', async () => {
    renderConsoleAs(aSessionAs('CONTACT'), '/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('redirects', () => {
  it.each<[CustomerPermission, string, string, string]>([
    ['OPERATOR', '/message/scenario/add', '/message/scenario/add/settings', 'Create Message'],
    ['ADMIN', '/integration/microsoft_teams', '/integration/microsoft_teams/list', 'Microsoft Teams'],
    ['ADMIN', '/integration/slack', '/integration/slack/list', 'Slack'],
    ['ADMIN', '/custom_branding', '/custom_branding/logo', 'Custom Branding'],
    ['ADMIN', '/datasets/7/edit', '/datasets/7/edit/devices', 'Manage Datasets'],
    ['DATA', '/users/user-2/edit', '/users/user-2/edit/devices', 'Manage Users'],
  ])('takes %s from %s to %s', async (role, from, to, heading) => {
    renderConsoleAs(aSessionAs(role), from);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(currentPath()).toBe(to);
  });
});

describe('public and authentication routes', () => {
  it.each([
    ['/login/reset', 'Reset your password'],
    ['/login/faq', 'Help with signing in'],
    ['/reset/abc/def-123', 'Set your password'],
  ])('shows a guest the sign-in page at %s', async (path, heading) => {
    renderWithSession(<AppRoutes />, { path });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText(PLACEHOLDER_TEXT)).toBeNull();
  });

  it('shows a guest the public incident template page, which says when no template is selected', async () => {
    renderWithSession(<AppRoutes />, { path: '/incident-template' });
    expect(await screen.findByText('This page is not available.')).toBeTruthy();
  });

  it.each([['/public-registration/4/north/register', 'Register']])('shows a guest a placeholder at %s', async (path, name) => {
    renderWithSession(<AppRoutes />, { path });

    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(screen.getByText(PLACEHOLDER_TEXT)).toBeTruthy();
  });

  it('shows a guest the login page at a branded login address', async () => {
    renderWithSession(<AppRoutes />, { path: '/acme' });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('sends a signed-in user from the branded login page to the Dashboard', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/acme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('requires sign-in for Change password', async () => {
    renderWithSession(<AppRoutes />, { path: '/change_password' });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('shows a signed-in user Change password in the layout', async () => {
    renderConsoleAs(aSessionAs('CONTACT'), '/change_password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });
});
