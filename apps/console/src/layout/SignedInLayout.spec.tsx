import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../features/session/machines/session.machine';
import { renderWithSession } from '../testing/render-with-session';
import { aLoadedSession, stubbedSessionLogic, type SessionStubs } from '../testing/session-fixtures';
import { SignedInLayout } from './SignedInLayout';

function renderSignedIn(stubs: SessionStubs = {}) {
  renderWithSession(<SignedInLayout />, { logic: stubbedSessionLogic(stubs), storedToken: 'token-1' });
  return userEvent.setup();
}

describe('SignedInLayout', () => {
  it('heads the incidents section with the group’s plural module name', async () => {
    renderSignedIn();

    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('heading', { name: 'Cases' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the version number and the user’s timezone', async () => {
    renderSignedIn();

    expect(await screen.findByText('Version 4.2.0')).toBeTruthy();
    expect(screen.getByText('Timezone: Europe/Oslo')).toBeTruthy();
  });

  it('shows the default timezone for a user who has none', async () => {
    renderSignedIn({ loadSession: async () => ({ ...aLoadedSession, user: { ...aLoadedSession.user, preferred_timezone: '' } }) });

    expect(await screen.findByText('Timezone: Europe/London')).toBeTruthy();
  });

  it('renames the incidents section when a live update changes the module name', async () => {
    let sendBack: (event: SessionEvent) => void = () => undefined;
    renderSignedIn({
      liveUpdates: (_input, send) => {
        sendBack = send;
        return () => undefined;
      },
    });
    await screen.findByRole('heading', { name: 'Cases' });

    sendBack({ type: 'session.moduleNameChanged', data: { module_name: 'Event', module_name_plural: 'Events' } });

    expect(await screen.findByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Cases' })).toBeNull();
  });

  it('hides and shows the menu with the menu button', async () => {
    const user = renderSignedIn();
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('logs out from the header', async () => {
    const logOut = vi.fn(async () => undefined);
    const user = renderSignedIn({ logOut });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(logOut).toHaveBeenCalledOnce();
  });
});
