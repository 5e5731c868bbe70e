import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { SessionEvent } from '../session/machines/session.machine';
import { renderWithSession } from '../testing/render-with-session';
import { aSessionAs, renderConsoleAs } from '../testing/render-console-as';
import { stubbedSessionLogic, type SessionStubs } from '../testing/session-fixtures';
import { AppRoutes } from '../app/AppRoutes';

/** A demo operator in a group that calls its incidents "Cases". */
const operator = { ...aSessionAs('OPERATOR'), incidentModuleSettings: { module_name: 'Case', module_name_plural: 'Cases' } };

function renderSignedIn(stubs: SessionStubs = {}, path = '/') {
  renderWithSession(<AppRoutes />, { logic: stubbedSessionLogic({ loadSession: async () => operator, ...stubs }), storedToken: 'token-1', path });
  return userEvent.setup();
}

const wideWindow = window.innerWidth;
function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
afterEach(() => setWindowWidth(wideWindow));

const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' });

describe('SignedInLayout', () => {
  it('names the incidents section with the group’s plural module name', async () => {
    renderSignedIn();

    const menu = await mainMenu();
    expect(within(menu).getByRole('button', { name: 'Cases' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the version number and the user’s timezone', async () => {
    renderSignedIn();

    expect(await screen.findByText('Version 4.2.0')).toBeTruthy();
    expect(screen.getByText('Timezone: Europe/Oslo')).toBeTruthy();
  });

  it('shows the default timezone for a user who has none', async () => {
    renderSignedIn({ loadSession: async () => ({ ...operator, user: { ...operator.user, preferred_timezone: '' } }) });

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
    const menu = await mainMenu();
    await within(menu).findByRole('button', { name: 'Cases' });

    sendBack({ type: 'session.moduleNameChanged', data: { module_name: 'Event', module_name_plural: 'Events' } });

    expect(await within(menu).findByRole('button', { name: 'Events' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Cases' })).toBeNull();
  });

  it('hides and shows the menu with the menu button', async () => {
    const user = renderSignedIn();
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('toggles a group open and closed on click', async () => {
    const user = renderSignedIn();
    const menu = await mainMenu();
    const messages = within(menu).getByRole('button', { name: 'Messages' });
    expect(messages.getAttribute('aria-expanded')).toBe('false');
    expect(within(menu).queryByRole('link', { name: 'Send Message' })).toBeNull();

    await user.click(messages);
    expect(messages.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Send Message' })).toBeTruthy();

    await user.click(messages);
    expect(within(menu).queryByRole('link', { name: 'Send Message' })).toBeNull();
  });

  it('opens the section of the current route and marks its item active', async () => {
    renderSignedIn({}, '/message/calendar/schedule_message');
    const menu = await mainMenu();

    expect(within(menu).getByRole('button', { name: 'Messages' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Message Calendar' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('makes a chosen item active and keeps the menu open on a wide window', async () => {
    const user = renderSignedIn();
    const menu = await mainMenu();
    await user.click(within(menu).getByRole('button', { name: 'Messages' }));

    await user.click(within(menu).getByRole('link', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Send Message' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Send Message' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('starts closed and closes after a choice on a window narrower than 769 px', async () => {
    setWindowWidth(768);
    const user = renderSignedIn();
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    const menu = await mainMenu();
    await user.click(within(menu).getByRole('button', { name: 'Messages' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(within(menu).getByRole('link', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Send Message' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('stays open after a choice at exactly 769 px', async () => {
    setWindowWidth(769);
    const user = renderSignedIn();
    await user.click(within(await mainMenu()).getByRole('link', { name: 'Contact Support' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Support' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('header logo', () => {
  const logo = (length: number) => `data:image/png;base64,${'A'.repeat(length - 'data:image/png;base64,'.length)}`;

  it('shows the group’s brand logo when its string is longer than 61 characters', async () => {
    renderConsoleAs(aSessionAs('OPERATOR', { brandLogo: logo(62) }), '/');

    const image = await screen.findByRole('img', { name: 'Demo Organisation logo' });
    expect(image.getAttribute('src')).toBe(logo(62));
  });

  it('shows the default product logo for a brand logo of 61 characters or none', async () => {
    renderConsoleAs(aSessionAs('OPERATOR', { brandLogo: logo(61) }), '/');

    expect(await screen.findByRole('link', { name: 'Beacon' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
