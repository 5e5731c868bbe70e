import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFFING_VALUE_INVALID } from '@beacon/contracts';
import { MINIMUM_STAFFING_PERMISSION, ON_CALL_PERMISSION } from '@beacon/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { STAFFING_WARNINGS_TITLE } from '../../../shared-ui/on-call/StaffingWarnings';
import { anOnCallField, FakeOnCallServer } from '../../../testing/fake-on-call-server';
import { aSessionAs, DEMO_ROOT_PERMISSIONS, renderConsoleAs, type SessionAs } from '../../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../../testing/sign-in';
import { LEAVE_UNSAVED_TEXT } from '../DatasetEditPage';
import { FakeDatasetSettingsServer } from '../testing/fake-dataset-settings-server';
import { ON_CALL_PERIODS_LIVE_RESOURCE, ON_CALL_SETTINGS_LIVE_RESOURCE } from './dataset-on-call-api';
import { NO_ON_CALL_FEATURE_TEXT } from './DatasetOnCallTab';
import { NOBODY_ON_CALL_TEXT } from './OnCallRoster';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('../DatasetEditPage');
});

/** Wednesday 25/11/2026 10:00 UTC in London (the dataset's zone): Ada is on call until 18:00. */
const NOW = Date.parse('2026-11-25T10:00:00Z');

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function aServer() {
  const server = new FakeOnCallServer(new FakeDatasetSettingsServer().api, NOW)
    .withUser('user-ada', 'Ada', 'Lovelace', { group: 'north' })
    .withUser('user-cy', 'Cy', 'Young', { group: 'north' })
    .withSettings(
      'north',
      [
        anOnCallField('vehicle', 'Vehicle', 'MULTISELECT', { options: ['Van'], reportsOnly: true }),
        anOnCallField('role', 'Role', 'SINGLESELECT', { options: ['Driver', 'Medic'] }),
        anOnCallField('site', 'Site', 'TEXT'),
      ],
      { display_fields: ['site'] },
      { 'role-0': 2 },
    );
  server.withPeriod('user-ada', '2026-11-25T08:00:00Z', '2026-11-25T18:00:00Z');
  return server;
}

function renderTab({ server = aServer(), session = {} }: { server?: FakeOnCallServer; session?: SessionAs } = {}) {
  renderConsoleAs(aSessionAs('ADMIN', session), '/datasets/north/edit/on-call', {}, server.api);
  return { user: userEvent.setup(), server };
}

const settingsForm = () => screen.findByRole('form', { name: 'On-call settings' });
const withoutPermission = (permission: string) => DEMO_ROOT_PERMISSIONS.filter((entry) => entry !== permission);

describe('the dataset’s On call tab', () => {
  it('lists the on-call data fields, reports-only ones marked, and saves only the list that changed', async () => {
    const { user, server } = renderTab();
    const form = await settingsForm();

    expect(within(screen.getByRole('navigation', { name: 'Dataset sections' })).getByRole('link', { name: 'On call' }).getAttribute('aria-current')).toBe('page');
    const shown = within(form).getByRole('group', { name: 'Fields shown on the on-call screens' });
    expect(within(shown).getAllByRole('checkbox').map((box) => [(box as HTMLInputElement).labels?.[0]?.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Vehicle (reports only)', false],
      ['Role', false],
      ['Site', true],
    ]);
    expect(descriptionOf(within(shown).getByRole('checkbox', { name: 'Vehicle (reports only)' }))).toContain('Reports only: a field of the datasets below this one');

    await user.click(within(shown).getByRole('checkbox', { name: 'Role' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await findSnackbar('On-call settings saved.')).toBeTruthy();
    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/customer_group_on_call_settings/north/', body: { on_call_settings: { display_fields: ['site', 'role'] } } }]);
  });

  it('sets a minimum staffing per option, checking it as typed, and sends every minimum', async () => {
    const { user, server } = renderTab();
    const form = await settingsForm();
    const role = within(within(form).getByRole('group', { name: 'Minimum staffing' })).getByRole('group', { name: 'Role' });
    const medic = within(role).getByLabelText('Medic');
    expect((within(role).getByLabelText('Driver') as HTMLInputElement).value).toBe('2');

    await user.type(medic, 'one');
    expect(descriptionOf(medic)).toBe(STAFFING_VALUE_INVALID);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(server.writes()).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(medic));

    await user.clear(medic);
    await user.type(medic, '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await findSnackbar('On-call settings saved.')).toBeTruthy();
    expect(server.writes().map((call) => call.body)).toEqual([{ options_staffing: { 'role-0': 2, 'role-1': 1 } }]);
  });

  it('offers no minimums where the organisation lacks "Minimum staffing requirements"', async () => {
    renderTab({ session: { rootPermissions: withoutPermission(MINIMUM_STAFFING_PERMISSION) } });
    const form = await settingsForm();

    expect(within(form).getByRole('group', { name: 'Fields to filter by' })).toBeTruthy();
    expect(within(form).queryByRole('group', { name: 'Minimum staffing' })).toBeNull();
  });

  it('asks before a tab leaves unsaved settings, and follows a save made elsewhere', async () => {
    const { user, server } = renderTab();
    const form = await settingsForm();
    await user.click(within(within(form).getByRole('group', { name: 'Fields to filter by' })).getByRole('checkbox', { name: 'Site' }));

    await user.click(within(screen.getByRole('navigation', { name: 'Dataset sections' })).getByRole('link', { name: 'Audit' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(LEAVE_UNSAVED_TEXT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stay' }));
    expect(currentPath()).toBe('/datasets/north/edit/on-call');

    await act(async () => {
      await server.api.send('POST', '/api/customer_group_on_call_settings/north/', { on_call_settings: { display_fields: ['role'] } });
      publishLiveUpdate({ position: 30, type: 'OnCallSettingsChanged', resource: ON_CALL_SETTINGS_LIVE_RESOURCE, id: 'north', data: {}, tenantId: 'root' });
    });
    const shown = within(form).getByRole('group', { name: 'Fields shown on the on-call screens' });
    await waitFor(() => expect((within(shown).getByRole('checkbox', { name: 'Role' }) as HTMLInputElement).checked).toBe(true));
    expect((within(within(form).getByRole('group', { name: 'Fields to filter by' })).getByRole('checkbox', { name: 'Site' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows who is on call now, with their times in the dataset’s time zone', async () => {
    renderTab();

    const now = await screen.findByRole('table', { name: 'On call at 25/11/2026 10:00:00 (times in Europe/London)' });
    expect(within(now).getByRole('rowheader').textContent).toBe('Ada Lovelace');
    expect(within(now).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ada.lovelace@demo.test', '25/11/2026 08:00:00', '25/11/2026 18:00:00']);
  });

  it('reads who is on call and the roster again when a period changes elsewhere (live update)', async () => {
    const { server } = renderTab();
    await screen.findByRole('table', { name: /^On call at/ });

    const id = server.withPeriod('user-cy', '2026-11-25T09:00:00Z', '2026-11-25T12:00:00Z');
    act(() => publishLiveUpdate({ position: 31, type: 'OnCallPeriodAdded', resource: ON_CALL_PERIODS_LIVE_RESOURCE, id, data: { user: 'user-cy' }, tenantId: 'root' }));

    await waitFor(() => expect(within(screen.getByRole('table', { name: /^On call at/ })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Ada Lovelace', 'Cy Young']));
    const roster = screen.getByRole('table', { name: /^Users who can be on call/ });
    expect(within(within(roster).getByRole('row', { name: /Cy Young/ })).getAllByRole('cell').at(-1)?.textContent).toBe('25/11/2026 09:00:00 to 25/11/2026 12:00:00');
  });

  it('assigns the chosen users a period from the roster, with each user’s result and the staffing warnings', async () => {
    const server = aServer().warnNext(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00']);
    const { user } = renderTab({ server });
    const roster = await screen.findByRole('table', { name: 'Users who can be on call, Monday 23/11/2026 to Sunday 29/11/2026 (times in Europe/London)' });
    expect(within(roster).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Ada Lovelace', 'Cy Young']);

    await user.click(within(roster).getByRole('checkbox', { name: 'Choose Cy Young' }));
    const form = screen.getByRole('form', { name: 'Assign users' });
    expect(within(form).getByText('1 user chosen.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Start'));
    await user.type(within(form).getByLabelText('Start'), '26/11/2026 18:00:00');
    await user.clear(within(form).getByLabelText('End'));
    await user.type(within(form).getByLabelText('End'), '27/11/2026 08:00:00');
    await user.click(within(form).getByRole('button', { name: 'Assign users' }));

    const results = await screen.findByRole('region', { name: 'Assignment results' });
    expect(within(results).getByRole('listitem').textContent).toBe('Cy Young: on call 26/11/2026 18:00:00 to 27/11/2026 08:00:00.');
    expect(document.activeElement).toBe(within(results).getByRole('heading', { name: 'Assignment results' }));
    expect(within(screen.getByRole('region', { name: STAFFING_WARNINGS_TITLE })).getByRole('listitem').textContent).toBe(
      'Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00',
    );
    expect(server.writes().at(-1)).toEqual({
      method: 'POST',
      path: '/api/on_call_period/assign/entire/',
      body: { users: ['user-cy'], start_date: '2026-11-26T18:00:00Z', end_date: '2026-11-27T08:00:00Z' },
    });
  });

  it('says who is on call already when the whole period cannot be given to everyone, and gives the free parts when asked', async () => {
    const { user, server } = renderTab();
    const roster = await screen.findByRole('table', { name: /^Users who can be on call/ });
    await user.click(screen.getByRole('button', { name: 'Choose everyone on this page' }));
    expect((within(roster).getByRole('checkbox', { name: 'Choose Ada Lovelace' }) as HTMLInputElement).checked).toBe(true);
    const form = screen.getByRole('form', { name: 'Assign users' });
    await user.clear(within(form).getByLabelText('Start'));
    await user.type(within(form).getByLabelText('Start'), '25/11/2026 06:00:00');
    await user.clear(within(form).getByLabelText('End'));
    await user.type(within(form).getByLabelText('End'), '25/11/2026 20:00:00');
    await user.click(within(form).getByRole('button', { name: 'Assign users' }));

    const alert = await within(form).findByRole('alert');
    expect(Array.from(alert.querySelectorAll('p'), (p) => p.textContent)).toEqual([
      'Some of the users are on call during this period already: nobody was assigned.',
      'Ada Lovelace (ada.lovelace@demo.test) is on call from 25/11/2026 08:00:00 to 25/11/2026 18:00:00 (Europe/London).',
    ]);

    await user.click(within(form).getByRole('radio', { name: 'The parts of the period each user is free' }));
    await user.click(within(form).getByRole('button', { name: 'Assign users' }));
    const results = await screen.findByRole('region', { name: 'Assignment results' });
    expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ada Lovelace: on call 25/11/2026 06:00:00 to 25/11/2026 08:00:00, 25/11/2026 18:00:00 to 25/11/2026 20:00:00.',
      'Cy Young: on call 25/11/2026 06:00:00 to 25/11/2026 20:00:00.',
    ]);
    expect(server.writes().map((call) => call.path)).toEqual(['/api/on_call_period/assign/entire/', '/api/on_call_period/assign/parts/']);
  });

  it('downloads the roster, the users’ periods and the staffing report through the API client', async () => {
    const downloads: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:on-call'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user, server } = renderTab();
    await screen.findByRole('table', { name: /^Users who can be on call/ });

    for (const name of ['Export the roster (CSV)', 'Export users’ periods (CSV)', 'Export the staffing report (CSV)']) {
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(screen.queryByText('Preparing the file…')).toBeNull());
    }

    expect(downloads).toEqual(['on-call-roster.csv', 'on-call-periods.csv', 'on-call-report.csv']);
    expect(server.fetchFile.mock.calls.map(([method, path]) => `${method} ${path}`)).toEqual([
      'POST /api/customer_group_on_call_export/',
      'POST /api/user/export/on_call_csv/',
      'GET /api/export_reports/north/',
    ]);
  });

  it('says nobody is on call when nobody is', async () => {
    const server = new FakeOnCallServer(new FakeDatasetSettingsServer().api, NOW).withSettings('north', []);
    renderTab({ server });

    expect(await screen.findByText(NOBODY_ON_CALL_TEXT)).toBeTruthy();
  });

  it('says the feature is missing where the organisation does not have on call, without a call', async () => {
    const { server } = renderTab({ session: { rootPermissions: withoutPermission(ON_CALL_PERMISSION) } });

    expect(await screen.findByText(NO_ON_CALL_FEATURE_TEXT)).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
