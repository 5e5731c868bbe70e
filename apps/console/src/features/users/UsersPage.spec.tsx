import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { publishLiveUpdate } from '../../live/live-incidents';
import { aFakeUsersServerWithDemoUsers } from '../../testing/demo-users';
import { FakeUsersServer, aListedUser } from '../../testing/fake-users-server';
import { aSessionAs, renderConsoleAs, type SessionAs } from '../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../testing/sign-in';
import type { CustomerPermission } from '@beacon/contracts';
import { DEVICES_LATER_TEXT } from './components/AddUserForm';
import { USERS_LIVE_RESOURCE } from './users-api';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./UsersPage');
});

function renderUsers(server: FakeUsersServer = aFakeUsersServerWithDemoUsers(), { role = 'ADMIN', path = '/users', session = {} }: { role?: CustomerPermission; path?: string; session?: SessionAs } = {}) {
  renderConsoleAs(aSessionAs(role, session), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const table = () => screen.findByRole('table', { name: /^Users of/ });
/** Each row as its cells' text (the actions column left out). */
const rows = () =>
  within(screen.getByRole('table', { name: /^Users of/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 7).map((cell) => cell.textContent));
const lastNames = () => rows().map((cells) => cells[0]);
const listCalls = (server: FakeUsersServer) => server.reads(/\/users\/\?/).map((call) => new URL(call.path, 'http://console').searchParams);
const lastListCall = (server: FakeUsersServer) => listCalls(server).at(-1)!;

describe('UsersPage', () => {
  it('lists the users of the caller’s group and its sub-groups by last name, with their group, role and last activity in the caller’s time zone', async () => {
    const { server } = renderUsers();

    await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Brown', 'Ben', 'ben.brown@demo.test', 'Operator', 'North Region', 'Never', 'Yes'],
      ['Lovelace', 'Ada', 'ada.lovelace@demo.test', 'Admin', 'Demo Organisation', '05/03/2026 09:09:10', 'Yes'],
      ['Okafor', 'Sam', 'sam.okafor@demo.test', 'Sender', 'North Region', 'Never', 'No'],
      ['Patel', 'Priya', 'priya.patel@demo.test', 'Contact', 'South Region', 'Never', 'Yes'],
    ]);
    expect(Object.fromEntries(lastListCall(server))).toEqual({ all: 'true', sort_by: 'last_name', descending: 'false', items_per_page: '10', page_number: '1' });
    expect(server.reads(/\/users\/\?/)[0]!.path).toMatch(/^\/api\/customer_group\/group-1\/users\/\?/);
    expect(screen.getByText('4 users')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('sorts by a column from its header, the other way round on a second press, and says which way', async () => {
    const { user, server } = renderUsers();
    await table();
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Last name').getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(header('Email')).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastNames()).toEqual(['Lovelace', 'Brown', 'Patel', 'Okafor']));
    expect(header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Last name').getAttribute('aria-sort')).toBeNull();

    await user.click(within(header('Email')).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastNames()).toEqual(['Okafor', 'Patel', 'Brown', 'Lovelace']));
    expect(header('Email').getAttribute('aria-sort')).toBe('descending');
    expect(lastListCall(server).get('descending')).toBe('true');
    expect(currentPath()).toBe('/users');
  });

  it('searches by name or email once typing pauses, asking the server once', async () => {
    const { user, server } = renderUsers();
    await table();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'lovel');

    await waitFor(() => expect(lastNames()).toEqual(['Lovelace']));
    expect(listCalls(server).map((params) => params.get('search_by_address_string')).filter(Boolean)).toEqual(['lovel']);
  });

  it('filters by one value (a role, a flag or a choice field’s option) and by a missing value', async () => {
    const { user, server } = renderUsers();
    await table();
    const filters = screen.getByRole('search', { name: 'Filter users' });

    await user.selectOptions(within(filters).getByLabelText('Filter by'), 'Role');
    await user.selectOptions(within(filters).getByLabelText('Role is'), 'Sender');
    await waitFor(() => expect(lastNames()).toEqual(['Okafor']));
    expect(lastListCall(server).get('field')).toBe('customer_permission');
    expect(lastListCall(server).get('value')).toBe('SENDER');

    await user.selectOptions(within(filters).getByLabelText('Filter by'), 'Department');
    await user.selectOptions(within(filters).getByLabelText('Department is'), 'Security');
    await waitFor(() => expect(lastNames()).toEqual(['Brown']));
    expect(lastListCall(server).get('value')).toBe('department-1');

    await user.selectOptions(within(filters).getByLabelText('Filter by'), 'No filter');
    await user.selectOptions(within(filters).getByLabelText('Without'), 'No Mobile');
    await waitFor(() => expect(lastNames()).toEqual(['Lovelace', 'Okafor']));
    expect(lastListCall(server).get('search_by_missing_value')).toBe('mobile');
    expect(lastListCall(server).get('field')).toBeNull();
  });

  it('shows one customer group without its sub-groups', async () => {
    const { user, server } = renderUsers();
    await table();

    await user.selectOptions(screen.getByLabelText('Customer group'), 'north');
    await user.click(screen.getByRole('checkbox', { name: 'Include sub-groups' }));

    await waitFor(() => expect(lastNames()).toEqual(['Brown', 'Okafor']));
    expect(server.reads(/\/users\/\?/).at(-1)!.path).toMatch(/^\/api\/customer_group\/north\/users\/\?all=false/);
    expect(screen.getByRole('table', { name: /^Users of North Region, by last name/ })).toBeTruthy();
  });

  it('says when no user matches, in the spec’s words', async () => {
    const { user } = renderUsers();
    await table();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'nobody at all');

    expect(await screen.findByText(NO_MATCHING_RESULTS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tries a failed list once more on page 1, and says why when that fails too', async () => {
    const failing = aFakeUsersServerWithDemoUsers()
      .failNext('GET', new ApiError(400, { page_number: ['Invalid page.'] }), /\/users\//)
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/users\//);
    const { user, server } = renderUsers(failing, { path: '/users?page_number=3' });

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    expect(listCalls(server).map((params) => params.get('page_number'))).toEqual(['3', '1']);
    expect(currentPath()).toBe('/users');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
    expect(lastNames()).toHaveLength(4);
  });

  it('pages through the users and changes the rows per page', async () => {
    const server = aFakeUsersServerWithDemoUsers();
    for (let index = 10; index < 22; index += 1) server.withUser(aListedUser(`extra-${index}`, 'Extra', `Zed${index}`));
    const { user } = renderUsers(server);
    await table();
    const pages = screen.getByRole('navigation', { name: 'User list pages' });
    expect(within(pages).getByText('16 users')).toBeTruthy();
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastNames()).toEqual(['Zed16', 'Zed17', 'Zed18', 'Zed19', 'Zed20', 'Zed21']));
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();

    await user.selectOptions(within(pages).getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(lastNames()).toHaveLength(16));
    expect(lastListCall(server).get('items_per_page')).toBe('25');
    expect(lastListCall(server).get('page_number')).toBe('1');
  });

  it('reloads the list when a user in reach changes elsewhere', async () => {
    const { server } = renderUsers();
    await table();

    server.change('user-ada', { last_name: 'King' });
    act(() => publishLiveUpdate({ position: 9, type: 'UserDetailsChanged', resource: USERS_LIVE_RESOURCE, id: 'user-ada', data: {}, tenantId: 'group-1' }));

    await waitFor(() => expect(lastNames()).toEqual(['Brown', 'King', 'Okafor', 'Patel']));
  });

  describe('export', () => {
    const downloads: { href: string; download: string }[] = [];

    beforeEach(() => {
      downloads.length = 0;
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:users'), revokeObjectURL: jest.fn() });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('exports the users the filters match as CSV or XLSX, through the API client', async () => {
      const { user, server } = renderUsers(aFakeUsersServerWithDemoUsers(), { path: '/users?search_by_address_string=a&sort_by=email' });
      await table();

      await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
      await waitFor(() => expect(downloads).toEqual([{ href: 'blob:users', download: 'users.xlsx' }]));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads).toHaveLength(2));

      expect(server.fetchFile.mock.calls.map(([method, path]) => `${method} ${path}`)).toEqual([
        'GET /api/user/list_users_export/group-1/?all=true&sort_by=email&descending=false&search_by_address_string=a&format=xlsx',
        'GET /api/user/list_users_export/group-1/?all=true&sort_by=email&descending=false&search_by_address_string=a&format=csv',
      ]);
      expect(downloads[1]!.download).toBe('users.csv');
    });
  });

  describe('adding a user', () => {
    it('creates a user with an SMS device, checking the values as typed, and opens their page', async () => {
      const { user, server } = renderUsers();
      await table();

      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const form = screen.getByRole('form', { name: 'Add user' });
      expect(document.activeElement).toBe(within(form).getByLabelText('Email'));
      expect(within(form).getAllByRole('option', { selected: true }).map((option) => option.textContent)).toEqual(['Demo Organisation', 'Contact', 'Europe/London']);

      await user.type(within(form).getByLabelText('Email'), 'grace.hopper@demo.test');
      await user.type(within(form).getByLabelText('First name'), 'Grace');
      await user.type(within(form).getByLabelText('Last name'), 'Hopper');
      const mobile = await within(form).findByLabelText('Mobile');
      expect(descriptionOf(mobile)).toBe("Enter with the country code, or a number of the group's country");
      await user.type(mobile, '0791');
      expect(descriptionOf(mobile)).toContain('"0791" is not a valid phone number.');
      expect(mobile.getAttribute('aria-invalid')).toBe('true');
      await user.type(mobile, '1 123456');
      expect(mobile.getAttribute('aria-invalid')).toBeNull();
      await user.click(within(form).getByRole('button', { name: 'Create user' }));

      await waitFor(() => expect(currentPath()).toBe('/users/new-1/edit/devices'));
      expect(await findSnackbar('User “Grace Hopper” created.')).toBeTruthy();
      expect(server.writes()).toEqual([
        {
          method: 'POST',
          path: '/api/user/',
          body: {
            email: 'grace.hopper@demo.test',
            first_name: 'Grace',
            last_name: 'Hopper',
            customer_group: 'group-1',
            customer_permission: 'CONTACT',
            preferred_timezone: 'Europe/London',
            is_active: true,
            is_message_recipient: true,
            custom_fields: [{ field: 'mobile', values: ['07911 123456'] }],
          },
        },
      ]);
      expect(server.stored('new-1')?.custom_fields?.find((entry) => entry.field === 'mobile')?.values).toEqual(['+447911123456']);
    });

    it('shows every rule on Create and the server’s messages by their field, and gives the keyboard back on Cancel', async () => {
      const server = aFakeUsersServerWithDemoUsers();
      const { user } = renderUsers(server);
      await table();
      const open = screen.getByRole('button', { name: 'Add user' });
      await user.click(open);
      const form = screen.getByRole('form', { name: 'Add user' });

      await user.click(within(form).getByRole('button', { name: 'Create user' }));
      expect(within(form).getByRole('alert').textContent).toContain('The user cannot be created as they are.');
      expect(descriptionOf(within(form).getByLabelText('First name'))).toBe('This field may not be blank.');
      await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Email')));
      expect(server.writes()).toEqual([]);

      await user.type(within(form).getByLabelText('Email'), 'ada.lovelace@demo.test');
      await user.type(within(form).getByLabelText('First name'), 'Ada');
      await user.type(within(form).getByLabelText('Last name'), 'Again');
      await user.click(within(form).getByRole('button', { name: 'Create user' }));
      await waitFor(() => expect(descriptionOf(within(form).getByLabelText('Email'))).toBe('A user with this email already exists.'));

      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('form', { name: 'Add user' })).toBeNull();
      expect(document.activeElement).toBe(open);
    });

    it('offers a data user the roles they may give in the chosen group, and the devices on the user’s page', async () => {
      const { user, server } = renderUsers(aFakeUsersServerWithDemoUsers(), { role: 'DATA' });
      await table();

      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const form = screen.getByRole('form', { name: 'Add user' });
      const roles = () => within(within(form).getByLabelText('Role')).getAllByRole('option').map((option) => option.textContent);
      expect(roles()).toEqual(['Operator', 'Sender', 'Contact', 'Data']);
      await user.selectOptions(within(form).getByLabelText('Customer group'), 'north');
      expect(roles()).toEqual(['Operator', 'Contact', 'Data']);
      expect(within(form).getByText(DEVICES_LATER_TEXT)).toBeTruthy();
      // Data users may not read the contact fields (a 403 would sign them out).
      expect(server.reads(/\/fields\//)).toEqual([]);
    });
  });

  describe('deleting a user', () => {
    it('deletes a user after a confirmation', async () => {
      const { user, server } = renderUsers();
      await table();

      await user.click(screen.getByRole('button', { name: 'Delete Priya Patel' }));
      const dialog = screen.getByRole('alertdialog');
      expect(dialog.textContent).toContain('Delete the user “Priya Patel” (priya.patel@demo.test)?');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await findSnackbar('User “Priya Patel” deleted.')).toBeTruthy();
      await waitFor(() => expect(lastNames()).toEqual(['Brown', 'Lovelace', 'Okafor']));
      expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/user/user-priya/', body: undefined }]);
    });

    it('keeps the list as it is when the deletion is declined', async () => {
      const { user, server } = renderUsers();
      await table();

      await user.click(screen.getByRole('button', { name: 'Delete Priya Patel' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

      expect(server.writes()).toEqual([]);
      expect(lastNames()).toContain('Patel');
    });
  });

  describe('by role', () => {
    it('shows operators the list read-only: no adding, editing or deleting, exports allowed', async () => {
      renderUsers(aFakeUsersServerWithDemoUsers(), { role: 'OPERATOR' });
      await table();

      expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    });

    it('lets a sender open only their own page when their group sends verification emails', async () => {
      const server = aFakeUsersServerWithDemoUsers().withUser(aListedUser('user-1', 'Sam', 'Demo', { customer_permission: 'SENDER' }));
      renderUsers(server, { role: 'SENDER', session: { settings: { send_verification_email: true } } });
      await table();

      expect(screen.getAllByRole('link', { name: /^Edit / }).map((link) => link.getAttribute('href'))).toEqual(['/users/user-1/edit']);
      expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    });

    it('offers data users no deletion of admins or of users whose role their group locks', async () => {
      renderUsers(aFakeUsersServerWithDemoUsers(), { role: 'DATA' });
      await table();

      expect(screen.getAllByRole('button', { name: /^Delete/ }).map((button) => button.textContent)).toEqual(['Delete Ben Brown', 'Delete Priya Patel']);
      expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(4);
    });
  });
});
