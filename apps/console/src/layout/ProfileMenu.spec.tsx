import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import type { CustomerPermission } from '@beacon/domain';
import { DEMO_NAMES, aSessionAs, renderConsoleAs, type SessionAs } from '../testing/render-console-as';
import type { SessionStubs } from '../testing/session-fixtures';

async function openProfileMenu(role: CustomerPermission, options: SessionAs = {}, stubs: SessionStubs = {}) {
  renderConsoleAs(aSessionAs(role, options), '/', stubs);
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: `${DEMO_NAMES[role]} Demo` });
  await user.click(button);
  return { user, button, menu: screen.getByRole('menu') };
}

const entries = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((item) => item.textContent);
const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

describe('profile menu', () => {
  it.each<[CustomerPermission, SessionAs, string[]]>([
    ['ADMIN', {}, ['Profile', 'Change password', 'Logout']],
    ['DATA', {}, ['Profile', 'Change password', 'Logout']],
    ['OPERATOR', {}, ['Change password', 'Logout']],
    ['CONTACT', {}, ['Change password', 'Logout']],
    ['OPERATOR', { settings: { send_verification_email: true } }, ['Profile', 'Change password', 'Logout']],
    ['SENDER', { settings: { send_verification_email: true } }, ['Profile', 'Change password', 'Logout']],
  ])('offers %s (%j) %j', async (role, options, expected) => {
    const { menu } = await openProfileMenu(role, options);
    expect(entries(menu)).toEqual(expected);
  });

  it('takes a user to their own profile, which their rule lets them open', async () => {
    const { user, menu } = await openProfileMenu('SENDER', { settings: { send_verification_email: true } });

    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Users' })).toBeTruthy();
    expect(currentPath()).toBe('/users/user-1/edit/devices');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('links Change password to /change_password', async () => {
    const { menu } = await openProfileMenu('OPERATOR');
    expect(within(menu).getByRole('menuitem', { name: 'Change password' }).getAttribute('href')).toBe('/change_password');
  });

  it('moves focus with the arrow keys and closes on Escape, back on its button', async () => {
    const { user, button, menu } = await openProfileMenu('ADMIN');
    const [profile, changePassword, logout] = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(profile);

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(changePassword);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(logout);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click elsewhere', async () => {
    const { user } = await openProfileMenu('OPERATOR');
    await user.click(screen.getByRole('heading', { level: 1, name: 'Dashboard' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('logs out to the login page', async () => {
    const logOut = jest.fn(async () => undefined);
    const { user, menu } = await openProfileMenu('OPERATOR', {}, { logOut });

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/login');
  });

  it('logs out to the group’s brand login page with "Custom dashboard branding"', async () => {
    const { user, menu } = await openProfileMenu('OPERATOR', { brandLoginUrl: 'acme' });

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(currentPath()).toBe('/acme');
  });

  it('logs out to the login page without "Custom dashboard branding", whatever the brand login URL', async () => {
    const { user, menu } = await openProfileMenu('OPERATOR', { brandLoginUrl: 'acme', rootPermissions: ['Media library'] });

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });
});
