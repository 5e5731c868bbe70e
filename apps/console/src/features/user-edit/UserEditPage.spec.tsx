import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerPermission } from '@beacon/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '../../api/api-error';
import { publishLiveUpdate } from '../../live/live-incidents';
import { aFakeUsersServerWithDemoUsers } from '../../testing/demo-users';
import { aListedUser, FakeUsersServer, USERS_GROUPS } from '../../testing/fake-users-server';
import { aSessionAs, renderConsoleAs, type SessionAs } from '../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../testing/sign-in';
import { GONE_TEXT, LEAVE_UNSAVED_TEXT, READ_ONLY_TEXT } from './UserEditPage';
import { USERS_LIVE_RESOURCE } from './user-edit-api';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./UserEditPage');
});

function renderEdit(path: string, { server = aFakeUsersServerWithDemoUsers(), role = 'ADMIN', session = {} }: { server?: FakeUsersServer; role?: CustomerPermission; session?: SessionAs } = {}) {
  renderConsoleAs(aSessionAs(role, session), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const tabs = () => screen.findByRole('navigation', { name: 'User sections' });
const form = (name: string) => screen.findByRole('form', { name });
const liveUpdateOf = (id: string) =>
  act(() => publishLiveUpdate({ position: 11, type: 'UserDetailsChanged', resource: USERS_LIVE_RESOURCE, id, data: {}, tenantId: 'group-1' }));

describe('UserEditPage', () => {
  it('opens on Devices under the user’s name, with the four tabs, each device field labelled by its label', async () => {
    const { server } = renderEdit('/users/user-ben/edit');

    const nav = await tabs();
    await waitFor(() => expect(currentPath()).toBe('/users/user-ben/edit/devices'));
    expect(screen.getByRole('heading', { level: 1, name: 'Ben Brown' })).toBeTruthy();
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([
      ['Devices', 'page'],
      ['Data', null],
      ['Settings', null],
      ['On call', null],
    ]);
    const devices = await form('Devices');
    const mobile = within(devices).getByLabelText('Mobile') as HTMLInputElement;
    expect(mobile.value).toBe('+447700900001');
    expect(descriptionOf(mobile)).toBe("Enter with the country code, or a number of the group's country");
    expect((within(devices).getByLabelText('Work email') as HTMLInputElement).value).toBe('');
    expect(within(devices).queryByLabelText('Department')).toBeNull();
    expect(server.reads(/\/api\/user\/user-ben\/\?custom_fields=true$/)).toHaveLength(1);
  });

  it('says when the user’s group has no device fields, offering nothing to save', async () => {
    const server = new FakeUsersServer(USERS_GROUPS, []).withUser(aListedUser('user-ben', 'Ben', 'Brown'));
    renderEdit('/users/user-ben/edit/devices', { server });

    const devices = await form('Devices');
    expect(within(devices).getByText("The user's customer group has no device fields.")).toBeTruthy();
    expect(within(devices).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves only the device that changed, then shows it as stored (E.164)', async () => {
    const { user, server } = renderEdit('/users/user-ben/edit/devices');
    const devices = await form('Devices');
    const mobile = within(devices).getByLabelText('Mobile') as HTMLInputElement;

    await user.clear(mobile);
    await user.type(mobile, '07911 123456');
    await user.click(within(devices).getByRole('button', { name: 'Save' }));

    expect(await findSnackbar('Saved')).toBeTruthy();
    await waitFor(() => expect(mobile.value).toBe('+447911123456'));
    expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/user/user-ben/', body: { custom_fields: [{ field: 'mobile', values: ['07911 123456'] }] } }]);
  });

  it('checks a value as typed and shows the server’s messages under the field its label names', async () => {
    const refusal = new ApiError(400, { detail: 'Work email: this address is on the suppression list.', custom_fields: ['Work email: this address is on the suppression list.'] });
    const server = aFakeUsersServerWithDemoUsers().failNext('PUT', refusal);
    const { user } = renderEdit('/users/user-ben/edit/devices', { server });
    const devices = await form('Devices');
    const email = within(devices).getByLabelText('Work email');

    await user.type(email, 'ben@');
    expect(descriptionOf(email)).toBe('Enter a valid email address.');
    await user.type(email, 'work.test');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(devices).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(descriptionOf(email)).toBe('This address is on the suppression list.'));
    expect(within(devices).queryByRole('alert')).toBeNull();
    await user.type(email, 'x');
    expect(descriptionOf(email)).toBe('');
  });

  it('edits data: a select for a single choice and checkboxes for a multiple choice, sending option ids', async () => {
    const { user, server } = renderEdit('/users/user-ben/edit/data');
    const data = await form('Data');

    expect((within(data).getByLabelText('Department') as HTMLSelectElement).value).toBe('department-1');
    await user.selectOptions(within(data).getByLabelText('Department'), 'Operations');
    const skills = within(data).getByRole('group', { name: 'Skills' });
    await user.click(within(skills).getByRole('checkbox', { name: 'Driver' }));
    await user.click(within(data).getByRole('button', { name: 'Save' }));

    expect(await findSnackbar('Saved')).toBeTruthy();
    expect(server.writes()[0]!.body).toEqual({
      custom_fields: [
        { field: 'department', values: ['department-0'] },
        { field: 'skills', values: ['skills-1'] },
      ],
    });
  });

  it('changes the user’s settings, sending what changed, and the heading follows', async () => {
    const { user, server } = renderEdit('/users/user-ben/edit/settings');
    const settings = await form('Settings');

    expect((within(settings).getByLabelText('Email') as HTMLInputElement).value).toBe('ben.brown@demo.test');
    expect((within(settings).getByLabelText('Preferred time zone') as HTMLSelectElement).value).toBe('Europe/London');
    await user.clear(within(settings).getByLabelText('First name'));
    await user.type(within(settings).getByLabelText('First name'), 'Benjamin');
    await user.selectOptions(within(settings).getByLabelText('Role'), 'Data');
    await user.click(within(settings).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Benjamin Brown' })).toBeTruthy();
    expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/user/user-ben/', body: { first_name: 'Benjamin', customer_permission: 'DATA', is_active: false } }]);
  });

  it('asks before leaving unsaved changes through a tab, and stays or leaves as told', async () => {
    const { user } = renderEdit('/users/user-ben/edit/settings');
    const settings = await form('Settings');
    await user.type(within(settings).getByLabelText('Last name'), 'e');

    await user.click(within(await tabs()).getByRole('link', { name: 'Data' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(LEAVE_UNSAVED_TEXT);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(currentPath()).toBe('/users/user-ben/edit/settings');

    await user.click(within(await tabs()).getByRole('link', { name: 'Data' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await form('Data');
    expect(currentPath()).toBe('/users/user-ben/edit/data');
  });

  it('shows another admin’s change at once, keeping what is being typed', async () => {
    const { user, server } = renderEdit('/users/user-ben/edit/settings');
    const settings = await form('Settings');
    await user.clear(within(settings).getByLabelText('Last name'));
    await user.type(within(settings).getByLabelText('Last name'), 'Browne');

    server.change('user-ben', { first_name: 'Benedict', email: 'benedict@demo.test' });
    liveUpdateOf('user-ben');

    expect(await screen.findByRole('heading', { level: 1, name: 'Benedict Brown' })).toBeTruthy();
    await waitFor(() => expect((within(settings).getByLabelText('First name') as HTMLInputElement).value).toBe('Benedict'));
    expect((within(settings).getByLabelText('Email') as HTMLInputElement).value).toBe('benedict@demo.test');
    expect((within(settings).getByLabelText('Last name') as HTMLInputElement).value).toBe('Browne');
  });

  it('ignores other users’ changes and says so when the user is deleted meanwhile', async () => {
    const { server } = renderEdit('/users/user-ben/edit/devices');
    await form('Devices');

    liveUpdateOf('user-priya');
    server.remove('user-ben');
    liveUpdateOf('user-ben');

    expect((await screen.findByRole('alert')).textContent).toBe(GONE_TEXT);
    expect(screen.queryByRole('form')).toBeNull();
    expect(server.reads(/\/api\/user\/user-ben\//)).toHaveLength(2);
  });

  it('says why the user could not be loaded and loads them again on Try again', async () => {
    const server = aFakeUsersServerWithDemoUsers().failNext('GET', new ApiError(500, 'An error occurred. Please contact your administrator.'), /\/api\/user\//);
    const { user } = renderEdit('/users/user-ben/edit/devices', { server });

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Brown' })).toBeTruthy();
  });

  describe('sign-in and email (admins)', () => {
    it('clears failed sign-ins and password reset attempts', async () => {
      const server = aFakeUsersServerWithDemoUsers();
      server.change('user-ben', { failed_attempts: 6, is_locked: true, locked_until: '2026-03-05T10:00:00.000Z', password_reset_attempts: 2 });
      const { user } = renderEdit('/users/user-ben/edit/settings', { server });
      const panel = await screen.findByRole('region', { name: 'Sign-in and email' });
      expect(within(panel).getByText('6 failed sign-ins in a row. Signing in is locked until 05/03/2026 11:00:00.')).toBeTruthy();

      await user.click(within(panel).getByRole('button', { name: 'Clear failed sign-ins' }));
      expect(await findSnackbar('Failed sign-ins cleared: the user may sign in again.')).toBeTruthy();
      expect(await within(panel).findByText('No failed sign-ins.')).toBeTruthy();
      await user.click(within(panel).getByRole('button', { name: 'Clear password reset attempts' }));
      expect(await within(panel).findByText('No password reset requests.')).toBeTruthy();

      expect(server.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
        'DELETE /api/user/user-ben/delete_failed_login_attempts/',
        'DELETE /api/user/user-ben/delete_password_reset_attempts/',
      ]);
    });

    it('says when email to the user is suppressed, clears it, then sends a new welcome email', async () => {
      const server = aFakeUsersServerWithDemoUsers().suppress('ben.brown@demo.test');
      const { user } = renderEdit('/users/user-ben/edit/settings', { server });
      const panel = await screen.findByRole('region', { name: 'Sign-in and email' });

      expect((await within(panel).findByText(/^No email goes to ben.brown@demo.test/)).textContent).toBe(
        'No email goes to ben.brown@demo.test: the address refused mail (since 20/11/2026 10:00:00).',
      );
      expect((within(panel).getByRole('button', { name: 'Send a new welcome email' }) as HTMLButtonElement).disabled).toBe(true);
      await user.click(within(panel).getByRole('button', { name: 'Clear the suppression' }));
      expect(await within(panel).findByText('Emails reach ben.brown@demo.test.')).toBeTruthy();
      await user.click(within(panel).getByRole('button', { name: 'Send a new welcome email' }));

      expect(await findSnackbar('A new welcome email is on its way; earlier welcome links no longer work.')).toBeTruthy();
      expect(server.writes().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/mailgun_suppression/user-ben/', 'GET /api/reissue_welcome_email/user-ben/']);
    });
  });

  describe('by role', () => {
    it('lets a user editing themselves change only their name and time zone, besides their devices and data', async () => {
      const server = aFakeUsersServerWithDemoUsers().withUser(aListedUser('user-1', 'Cleo', 'Demo'), {});
      const { user } = renderEdit('/users/user-1/edit/settings', { server, role: 'CONTACT', session: { settings: { send_verification_email: true } } });
      const settings = await form('Settings');

      expect(within(settings).getAllByRole('textbox')).toEqual([within(settings).getByLabelText('First name'), within(settings).getByLabelText('Last name')]);
      expect(within(settings).queryByLabelText('Email')).toBeNull();
      expect(within(settings).queryByLabelText('Role')).toBeNull();
      expect(within(settings).queryByLabelText('Customer group')).toBeNull();
      expect(within(settings).getByLabelText('Preferred time zone')).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Sign-in and email' })).toBeNull();
      // Contacts cannot open Manage Users: no way back to it is offered.
      expect(screen.queryByRole('link', { name: 'Manage Users' })).toBeNull();

      await user.selectOptions(within(settings).getByLabelText('Preferred time zone'), 'Europe/Oslo');
      await user.click(within(settings).getByRole('button', { name: 'Save' }));
      expect(await findSnackbar('Saved')).toBeTruthy();
      expect(server.writes()[0]!.body).toEqual({ preferred_timezone: 'Europe/Oslo' });
    });

    it('keeps an admin’s own role out of their reach', async () => {
      const server = aFakeUsersServerWithDemoUsers().withUser(aListedUser('user-1', 'Ada', 'Demo', { customer_permission: 'ADMIN' }));
      renderEdit('/users/user-1/edit/settings', { server });
      const settings = await form('Settings');

      const role = within(settings).getByLabelText('Role') as HTMLSelectElement;
      expect(role.disabled).toBe(true);
      expect(descriptionOf(role)).toBe('You cannot change your own role.');
    });

    it('shows a data user an admin read-only, without Save', async () => {
      renderEdit('/users/user-ada/edit/devices', { role: 'DATA' });
      const devices = await form('Devices');

      expect(screen.getByText(READ_ONLY_TEXT)).toBeTruthy();
      expect(within(devices).getByLabelText('Mobile').matches(':disabled')).toBe(true);
      expect(within(devices).queryByRole('button', { name: 'Save' })).toBeNull();
    });

    it('offers a data user only the roles and groups they may give', async () => {
      renderEdit('/users/user-priya/edit/settings', { role: 'DATA' });
      const settings = await form('Settings');

      const options = (label: string) => within(within(settings).getByLabelText(label)).getAllByRole('option').map((option) => option.textContent?.trim());
      expect(options('Role')).toEqual(['Contact', 'Operator', 'Sender', 'Data']);
      await userEvent.setup().selectOptions(within(settings).getByLabelText('Role'), 'Sender');
      // North Region locks senders: a data user cannot move a sender there.
      expect(options('Customer group')).toEqual(['Demo Organisation', 'South Region']);
    });
  });
});
