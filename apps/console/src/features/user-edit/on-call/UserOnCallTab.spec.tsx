import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerPermission } from '@beacon/contracts';
import { ON_CALL_PERMISSION } from '@beacon/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { aFakeUsersServerWithDemoUsers } from '../../../testing/demo-users';
import { FakeOnCallServer } from '../../../testing/fake-on-call-server';
import { aSessionAs, DEMO_ROOT_PERMISSIONS, renderConsoleAs, type SessionAs } from '../../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../../testing/sign-in';
import { LEAVE_UNSAVED_TEXT } from '../UserEditPage';
import { STAFFING_WARNINGS_TITLE } from '../../../shared-ui/on-call/StaffingWarnings';
import { NO_ON_CALL_FEATURE_TEXT, NO_PERIODS_TEXT, READ_ONLY_ON_CALL_TEXT } from './UserOnCallTab';
import { ON_CALL_PERIODS_LIVE_RESOURCE } from './user-on-call-api';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('../UserEditPage');
});

/** Ben Brown (London) on call on Tuesday 24/11/2026; the server's now is Wednesday 25/11/2026. */
function aServer() {
  const server = new FakeOnCallServer(aFakeUsersServerWithDemoUsers().api).withUser('user-ben', 'Ben', 'Brown', { group: 'north' });
  server.withPeriod('user-ben', '2026-11-24T08:00:00Z', '2026-11-24T18:00:00Z');
  return server;
}

function renderTab({ server = aServer(), role = 'ADMIN', session = {} }: { server?: FakeOnCallServer; role?: CustomerPermission; session?: SessionAs } = {}) {
  renderConsoleAs(aSessionAs(role, session), '/users/user-ben/edit/on_call', {}, server.api);
  return { user: userEvent.setup(), server };
}

const periodsTable = () => screen.findByRole('table', { name: /^On-call periods/ });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('rowheader').concat(within(row).getAllByRole('cell')).slice(0, 3).map((cell) => cell.textContent));

describe('the user’s On call tab', () => {
  it('lists this week’s periods as DD/MM/YYYY HH:mm:ss in the user’s time zone, a week back and forth', async () => {
    const { user } = renderTab();

    const table = await periodsTable();
    expect(within(screen.getByRole('navigation', { name: 'User sections' })).getByRole('link', { name: 'On call' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 2, name: 'On call' })).toBeTruthy();
    expect(screen.getByText('Times are DD/MM/YYYY HH:mm:ss in Europe/London, the user’s time zone.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Monday 23/11/2026 to Sunday 29/11/2026' })).toBeTruthy();
    expect(table.querySelector('caption')?.textContent).toBe('On-call periods, Monday 23/11/2026 to Sunday 29/11/2026 (times in Europe/London)');
    expect(rowsOf(table)).toEqual([['Tuesday', '24/11/2026 08:00:00', '24/11/2026 18:00:00']]);

    const weeks = screen.getByRole('navigation', { name: 'Weeks' });
    await user.click(within(weeks).getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday 30/11/2026 to Sunday 06/12/2026' })).toBeTruthy();
    expect(screen.getByText(NO_PERIODS_TEXT)).toBeTruthy();
    await user.click(within(weeks).getByRole('button', { name: 'This week' }));
    expect(rowsOf(await periodsTable())).toHaveLength(1);
  });

  it('adds a period from the keyboard, shows it in the week and announces the staffing warnings', async () => {
    const server = aServer().warnNext(['Driver: 0 on call, 1 needed from 27/11/2026 18:00:00 to 28/11/2026 08:00:00']);
    const { user } = renderTab({ server });
    await periodsTable();

    await user.click(screen.getByRole('button', { name: 'Add period' }));
    const form = screen.getByRole('form', { name: 'Add an on-call period' });
    const start = within(form).getByLabelText('Start');
    expect(document.activeElement).toBe(start);
    expect(descriptionOf(start)).toBe('DD/MM/YYYY HH:mm:ss in Europe/London, for example 26/11/2026 18:00:00.');
    await user.keyboard('27/11/2026 08:00:00');
    await user.tab();
    await user.keyboard('27/11/2026 18:00:00{Enter}');

    expect(await findSnackbar('On-call period added.')).toBeTruthy();
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: /^On-call periods/ }))).toHaveLength(2));
    expect(rowsOf(screen.getByRole('table', { name: /^On-call periods/ }))[1]).toEqual(['Friday', '27/11/2026 08:00:00', '27/11/2026 18:00:00']);
    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/on_call_period/', body: { user: 'user-ben', start_date: '2026-11-27T08:00:00Z', end_date: '2026-11-27T18:00:00Z' } }]);
    const warnings = screen.getByRole('region', { name: STAFFING_WARNINGS_TITLE });
    expect(warnings.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(within(warnings).getByRole('listitem').textContent).toBe('Driver: 0 on call, 1 needed from 27/11/2026 18:00:00 to 28/11/2026 08:00:00');
    expect(screen.queryByRole('form', { name: 'Add an on-call period' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add period' }));
  });

  it('shows a time the clocks skip and an end before the start by their field, and the server’s overlap above the fields', async () => {
    const { user, server } = renderTab();
    await periodsTable();
    await user.click(screen.getByRole('button', { name: 'Add period' }));
    const form = screen.getByRole('form', { name: 'Add an on-call period' });
    const [start, end] = [within(form).getByLabelText('Start'), within(form).getByLabelText('End')];

    await user.type(start, '29/03/2026 01:30:00');
    expect(descriptionOf(start)).toContain('29/03/2026 01:30:00 does not exist in Europe/London: the clocks go forward over it.');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    await user.clear(start);
    await user.type(start, '24/11/2026 20:00:00');
    await user.type(end, '24/11/2026 19:00:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(descriptionOf(end)).toContain('The end must be after the start.');
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(server.writes()).toEqual([]);

    await user.clear(start);
    await user.type(start, '24/11/2026 17:00:00');
    await user.clear(end);
    await user.type(end, '24/11/2026 21:00:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      "This period overlaps the user's on-call period from 24/11/2026 08:00:00 to 24/11/2026 18:00:00 (Europe/London).",
    );
    expect(server.periodsOf('user-ben')).toHaveLength(1);
  });

  it('changes a period and deletes one after a confirmation', async () => {
    const { user, server } = renderTab();
    const table = await periodsTable();

    await user.click(within(table).getByRole('button', { name: 'Edit the period from 24/11/2026 08:00:00 to 24/11/2026 18:00:00' }));
    const form = screen.getByRole('form', { name: 'Change the on-call period' });
    const end = within(form).getByLabelText('End') as HTMLInputElement;
    expect(end.value).toBe('24/11/2026 18:00:00');
    await user.clear(end);
    await user.type(end, '24/11/2026 19:30:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await findSnackbar('On-call period changed.')).toBeTruthy();
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: /^On-call periods/ }))[0]![2]).toBe('24/11/2026 19:30:00'));

    await user.click(screen.getByRole('button', { name: 'Delete the period from 24/11/2026 08:00:00 to 24/11/2026 19:30:00' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the on-call period from 24/11/2026 08:00:00 to 24/11/2026 19:30:00 (Europe/London)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.writes().map((call) => call.method)).toEqual(['PUT']);
    await user.click(screen.getByRole('button', { name: 'Delete the period from 24/11/2026 08:00:00 to 24/11/2026 19:30:00' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(NO_PERIODS_TEXT)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));
    expect(server.writes().map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /api/on_call_period/user-ben.1/', 'DELETE /api/on_call_period/user-ben.1/']);
  });

  it('asks before a tab leaves a period half typed', async () => {
    const { user } = renderTab();
    await periodsTable();
    await user.click(screen.getByRole('button', { name: 'Add period' }));
    await user.keyboard('27/11');

    await user.click(within(screen.getByRole('navigation', { name: 'User sections' })).getByRole('link', { name: 'Data' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(LEAVE_UNSAVED_TEXT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stay' }));
    expect(currentPath()).toBe('/users/user-ben/edit/on_call');
  });

  it('shows another admin’s change to the user’s periods at once (live update)', async () => {
    const { server } = renderTab();
    await periodsTable();

    const id = server.withPeriod('user-ben', '2026-11-26T08:00:00Z', '2026-11-26T09:00:00Z');
    act(() =>
      publishLiveUpdate({ position: 12, type: 'OnCallPeriodAdded', resource: ON_CALL_PERIODS_LIVE_RESOURCE, id, data: { on_call_period_id: id, user: 'user-ben' }, tenantId: 'group-1' }),
    );

    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: /^On-call periods/ }))).toHaveLength(2));
  });

  it('lets a data user read the periods without changing them', async () => {
    renderTab({ role: 'DATA' });
    const table = await periodsTable();

    expect(screen.getByText(READ_ONLY_ON_CALL_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add period' })).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says the feature is missing where the organisation does not have on call, without a call', async () => {
    const { server } = renderTab({ session: { rootPermissions: DEMO_ROOT_PERMISSIONS.filter((permission) => permission !== ON_CALL_PERMISSION) } });

    expect(await screen.findByText(NO_ON_CALL_FEATURE_TEXT)).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  describe('export', () => {
    const downloads: string[] = [];

    beforeEach(() => {
      downloads.length = 0;
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:on-call'), revokeObjectURL: jest.fn() });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });

    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('downloads the user’s periods through the API client, the token never in a URL', async () => {
      const { user, server } = renderTab({ role: 'DATA' });
      await periodsTable();

      await user.click(screen.getByRole('button', { name: 'Export periods (CSV)' }));

      await waitFor(() => expect(downloads).toEqual(['on-call-periods.csv']));
      expect(server.fetchFile.mock.calls.map(([method, path]) => `${method} ${path}`)).toEqual(['POST /api/export_on_call_periods/user-ben/']);
    });
  });
});
