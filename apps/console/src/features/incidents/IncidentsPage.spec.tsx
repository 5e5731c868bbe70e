import type { IncidentDto, IncidentHistoryEntryDto } from '@beacon/contracts';
import { INCIDENTS_LIVE_RESOURCE } from '@beacon/contracts';
import type { CustomerPermission } from '@beacon/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { AppRoutes } from '../../app/AppRoutes';
import { aSessionAs, CurrentPath } from '../../testing/render-console-as';
import { renderWithSession } from '../../testing/render-with-session';
import { stubbedSessionLogic } from '../../testing/session-fixtures';
import { publishLiveUpdate } from '../../live/live-incidents';
import { FakeIncidentsServer } from './testing/fake-incidents-server';
import { anIncident, FIELDS, GROUPS, withDetails } from './testing/incident-fixtures';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./IncidentsPage');
});

interface RenderOptions {
  role?: CustomerPermission;
  path?: string;
  moduleName?: [string, string];
}

/** The whole console at `path`, signed in (timezone Europe/Oslo), over the fake server. */
function renderIncidents(server: FakeIncidentsServer, { role = 'OPERATOR', path = '/incidents/start', moduleName = ['Incident', 'Incidents'] }: RenderOptions = {}) {
  const session = { ...aSessionAs(role), incidentModuleSettings: { module_name: moduleName[0], module_name_plural: moduleName[1] } };
  renderWithSession(
    <>
      <AppRoutes />
      <CurrentPath />
    </>,
    { logic: stubbedSessionLogic({ loadSession: async () => session }), storedToken: 'token-1', path, api: server.api() },
  );
}

const currentPath = () => screen.getByLabelText('Current path').textContent;

/** Someone else's change, as the live socket hands it on. */
function changedElsewhere(incident: IncidentDto, position = 50) {
  act(() =>
    publishLiveUpdate({ position, type: 'IncidentUpdated', resource: INCIDENTS_LIVE_RESOURCE, id: incident.id ?? '', data: incident, tenantId: 'group-1' }),
  );
}

/** An input's value ('' when empty; a number input's value as text). */
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

/** The text of what a control's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const listOf = async (plural = 'Incidents') => screen.findByRole('list', { name: plural });
const group = (title: string) => screen.getByRole('group', { name: title });

describe('Start incident', () => {
  it('lists the incidents in their order with their state and last update', async () => {
    const server = new FakeIncidentsServer([
      anIncident({ id: 'inc-2', incident_title: 'Flooded basement', order: 'n', state: 'monitoring' }),
      anIncident({ id: 'inc-1', order: 'm' }),
    ]);
    renderIncidents(server);

    const items = within(await listOf()).getAllByRole('link');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Warehouse fire', 'Flooded basement']);
    expect(items[0].textContent).toContain('Active');
    expect(items[1].textContent).toContain('Monitoring');
    expect(items[0].textContent).toContain('Updated 05/03/2024 12:00:00 by Olu Demo');
    expect(items[0].getAttribute('href')).toBe('/incidents/start/inc-1/edit');
  });

  it('says so when there are no incidents yet, under the configured module name', async () => {
    renderIncidents(new FakeIncidentsServer(), { moduleName: ['Case', 'Cases'] });

    expect(await screen.findByText('No Cases yet. Start one with “Start Case”.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Start Case' })).toBeTruthy();
  });

  it('starts a new Case from a form: required values block the save, then it is added at the top and opened for editing', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident({ id: 'inc-1', order: 'm' })]);
    renderIncidents(server, { moduleName: ['Case', 'Cases'] });
    await listOf('Cases');

    await user.click(screen.getByRole('button', { name: 'Start Case' }));
    await user.selectOptions(screen.getByLabelText('Form or template'), 'Fire report');
    await user.type(screen.getByLabelText('Title (optional)'), 'Dock fire');
    await user.click(screen.getByRole('button', { name: 'Create Case' }));

    expect(await screen.findByRole('heading', { name: 'New Case' })).toBeTruthy();
    expect(currentPath()).toBe('/incidents/start/create');
    expect(server.callsTo('POST', '/api/incidents/incident/')[0].body).toEqual({ form: 'form-1', order: 'l', incident_title: 'Dock fire' });
    expect(valueOf(screen.getByLabelText('Case title'))).toBe('Dock fire');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const location = within(group('Details')).getByRole('textbox', { name: 'Location' });
    expect(within(group('Details')).getByText('Details › Location: Please enter a value. This field is required.')).toBeTruthy();
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(location);
    expect(within(group('Evidence')).getByText('Evidence › Photos: Please enter a value. This field is required.')).toBeTruthy();
    expect(server.callsTo('POST', /start/)).toHaveLength(0);

    await user.type(location, 'Dock 4');
    await user.click(screen.getByRole('checkbox', { name: 'Ignore “Evidence”' }));
    expect(screen.queryByText(/Evidence › Photos/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The Case was successfully updated.')).toBeTruthy();
    const start = server.callsTo('POST', '/api/incidents/incident/start/form-1/')[0].body as Record<string, unknown>;
    expect(start).toMatchObject({ order: 'l', incident_title: 'Dock fire', ignored_field_groups: [GROUPS.evidence.id] });
    expect(start['payload']).toContainEqual({ field: FIELDS.location.id, field_group: GROUPS.details.id, values: ['Dock 4'] });
    await waitFor(() => expect(currentPath()).toBe('/incidents/start/inc-100/edit'));
    const items = within(await listOf('Cases')).getAllByRole('link');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Dock fire', 'Warehouse fire']);
    expect(items[0].getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText(/A new Case is waiting/)).toBeNull();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dock fire' })).toBeTruthy();
    expect(valueOf(screen.getByRole('textbox', { name: 'Location' }))).toBe('Dock 4');
    // One page across the three routes: the list was loaded once, and the started incident needed no reload.
    expect(server.callsTo('GET', '/api/incidents/incident/?items_per_page=0')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/incidents/incident/inc-100/')).toHaveLength(0);
  });

  it('offers templates to those who may use them, and asks senders only for forms', async () => {
    const user = userEvent.setup();
    const operators = new FakeIncidentsServer();
    operators.templates = [
      { id: 'tpl-1', name: 'Chemical spill', form: 'form-1', incident_title: 'Spill', subdomain: '', template_branding: { label_color: '#000' }, field_values: [], is_open: false },
    ];
    renderIncidents(operators);
    await user.click(await screen.findByRole('button', { name: 'Start Incident' }));
    await screen.findByRole('option', { name: 'Chemical spill' });
    await user.selectOptions(screen.getByLabelText('Form or template'), 'Chemical spill');
    await user.click(screen.getByRole('button', { name: 'Create Incident' }));
    expect(await screen.findByRole('heading', { name: 'New Incident' })).toBeTruthy();
    expect(operators.callsTo('GET', '/api/incidents/create_incident_from_template/tpl-1/')).toHaveLength(1);
  });

  it('never calls the settings-only templates list for a sender (a 403 would sign them out)', async () => {
    const user = userEvent.setup();
    const senders = new FakeIncidentsServer();
    senders.templates = 'forbidden';
    renderIncidents(senders, { role: 'SENDER' });
    await user.click(await screen.findByRole('button', { name: 'Start Incident' }));
    expect(await screen.findByRole('option', { name: 'Fire report' })).toBeTruthy();
    expect(senders.callsTo('GET', '/api/incidents/incident_template/')).toHaveLength(0);
  });
});

describe('Edit incident', () => {
  const path = '/incidents/start/inc-1/edit';

  it('saves the edited values with the version they were based on', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    renderIncidents(server, { path, moduleName: ['Case', 'Cases'] });

    const location = await screen.findByRole('textbox', { name: 'Location' });
    expect(valueOf(location)).toBe('Dock 4');
    await user.clear(location);
    await user.type(location, 'Dock 5');
    await user.type(screen.getByRole('spinbutton', { name: 'Casualties' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The Case was successfully updated.')).toBeTruthy();
    const body = server.callsTo('PUT', '/api/incidents/incident/inc-1/')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ version: 3, incident_title: 'Warehouse fire', ignored_field_groups: [GROUPS.evidence.id] });
    expect(body['payload']).toEqual(
      expect.arrayContaining([
        { field: FIELDS.location.id, field_group: GROUPS.details.id, values: ['Dock 5'] },
        { field: FIELDS.casualties.id, field_group: GROUPS.details.id, values: [2] },
      ]),
    );
    expect(screen.getByText(/version 4/)).toBeTruthy();
  });

  it('shows a field group as soon as its display condition holds for the edited values', async () => {
    const user = userEvent.setup();
    renderIncidents(new FakeIncidentsServer([anIncident()]), { path });

    await screen.findByRole('group', { name: 'Details' });
    expect(screen.queryByRole('group', { name: 'Escalation' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'High');
    expect(screen.getByRole('group', { name: 'Escalation' })).toBeTruthy();
  });

  it('marks PII fields', async () => {
    renderIncidents(new FakeIncidentsServer([anIncident()]), { path });
    const phone = await screen.findByRole('textbox', { name: 'Reporter phone' });
    expect(descriptionOf(phone)).toBe('PII');
  });

  it('takes in a change someone else made, keeping what the user typed', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    renderIncidents(server, { path, moduleName: ['Case', 'Cases'] });
    await user.type(await screen.findByRole('spinbutton', { name: 'Casualties' }), '2');

    const theirs = withDetails(anIncident({ version: 4, incident_title: 'Warehouse fire (east)', updated_by: { id: 'user-2', name: 'Sam Demo' } }), {
      [FIELDS.location.id]: ['Dock 8'],
    });
    changedElsewhere(theirs);

    expect(screen.getByText('Sam Demo updated this Case')).toBeTruthy();
    expect(valueOf(screen.getByRole('textbox', { name: 'Location' }))).toBe('Dock 8');
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Casualties' }))).toBe('2');
    expect(within(await listOf('Cases')).getByRole('link', { name: /Warehouse fire \(east\)/ })).toBeTruthy();

    changedElsewhere(anIncident({ id: 'inc-9', order: 'a', incident_title: 'Gas leak', version: 1 }), 51);
    const items = within(await listOf('Cases')).getAllByRole('link');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Gas leak', 'Warehouse fire (east)']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The Case was successfully updated.');
    expect(server.callsTo('PUT', '/api/incidents/incident/inc-1/')[0].body).toMatchObject({ version: 4 });
  });

  it('after a conflict shows the server message and the current values, and saves again', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    renderIncidents(server, { path });
    const location = await screen.findByRole('textbox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'Dock 5');
    await user.type(screen.getByRole('spinbutton', { name: 'Casualties' }), '2');
    const current = withDetails(anIncident({ version: 5 }), { [FIELDS.location.id]: ['Dock 8'] });
    const detail = 'This Incident was changed by Sam Demo while you were editing. Your changes were not saved; the current values are shown.';
    server.failNext('PUT', '/api/incidents/incident/inc-1/', new ApiError(409, { detail, conflicting_fields: [FIELDS.location.id], incident: current }));

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(detail);
    expect(alert.textContent).toContain('Changed meanwhile: Location');
    expect(valueOf(screen.getByRole('textbox', { name: 'Location' }))).toBe('Dock 8');
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Casualties' }))).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The Incident was successfully updated.');
    expect(server.callsTo('PUT', '/api/incidents/incident/inc-1/')[1].body).toMatchObject({ version: 5 });
  });

  it('shows the spec text when a save fails with a server error', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    server.failNext('PUT', '/api/incidents/incident/inc-1/', new ApiError(500, SERVER_ERROR_TEXT));
    renderIncidents(server, { path });

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred. Please contact your administrator.');
  });

  it('shows rule errors next to their field as the server returned them', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    server.failNext(
      'PUT',
      '/api/incidents/incident/inc-1/',
      new ApiError(400, { detail: 'A value breaks a rule of the form.', rule_errors: [{ message: 'Use at least 5 characters.', for_field: FIELDS.location.id, type: 'min_length', value: '5' }] }),
    );
    renderIncidents(server, { path });

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('A value breaks a rule of the form.');
    const description = descriptionOf(screen.getByRole('textbox', { name: 'Location' }));
    expect(description).toContain('Use at least 5 characters.');
    expect(description).toContain('Rule: min_length 5');
  });

  it('changes the state through a partial update', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    renderIncidents(server, { path });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'State' }), 'Resolved');

    await screen.findByText('The Incident was successfully updated.');
    expect(server.callsTo('PATCH', '/api/incidents/incident/inc-1/')[0].body).toEqual({ version: 3, state: 'resolved' });
    expect(within(await listOf()).getByRole('link').textContent).toContain('Resolved');
  });

  it('uploads attachments for the incident and field, lists them as links and removes them', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident({ ignored_field_groups: [] })]);
    renderIncidents(server, { path });

    const photos = await within(await screen.findByRole('group', { name: 'Evidence' })).findByLabelText(/Photos/);
    await user.upload(photos, new File(['png'], 'dock.png', { type: 'image/png' }));

    const link = await screen.findByRole('link', { name: 'dock.png' });
    expect(link.getAttribute('href')).toBe('/api/incidents/attachment/k-100/');
    expect(server.uploads[0].fileData).toEqual({ incident: 'inc-1', field: FIELDS.photos.id });
    await user.click(screen.getByRole('button', { name: 'Remove dock.png' }));
    expect(screen.queryByRole('link', { name: 'dock.png' })).toBeNull();
  });

  it('lists the history and shows the incident as it stood at an earlier version, read-only', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    const entries: IncidentHistoryEntryDto[] = [
      { version: 1, at: '2024-03-05T10:00:00Z', actor: { id: 'user-9', name: 'Olu Demo' }, kind: 'started', changes: [] },
      {
        version: 2,
        at: '2024-03-05T10:30:00Z',
        actor: { id: 'user-2', name: 'Sam Demo' },
        kind: 'updated',
        changes: [{ field: FIELDS.location.id, label: 'Location', field_group: GROUPS.details.id, field_group_title: 'Details', from: 'Dock 1', to: 'Dock 4' }],
      },
    ];
    server.history['inc-1'] = entries;
    server.versions['inc-1@1'] = withDetails(anIncident({ version: 1, state: 'active', updated_at: '2024-03-05T10:00:00Z' }), {
      [FIELDS.location.id]: ['Dock 1'],
      [FIELDS.occurred.id]: [],
    });
    renderIncidents(server, { path });

    const history = await screen.findByRole('region', { name: 'History' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0].textContent).toContain('Sam Demo updated it · 05/03/2024 11:30:00 · version 2');
    expect(items[0].textContent).toContain('Location (Details): from “Dock 1” to “Dock 4”');

    await user.click(within(history).getByRole('button', { name: 'View as it stood (version 1)' }));

    expect(await screen.findByText(/You are viewing this Incident as it stood at version 1/)).toBeTruthy();
    expect(server.callsTo('GET', '/api/incidents/incident/inc-1/?version=1')).toHaveLength(1);
    expect(screen.getByText('Dock 1')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Location' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to the current version' }));
    expect(valueOf(screen.getByRole('textbox', { name: 'Location' }))).toBe('Dock 4');
  });

  it('exports the incident as a PDF', async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:incident-pdf'), revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const server = new FakeIncidentsServer([anIncident()]);
    renderIncidents(server, { path });

    await user.click(await screen.findByRole('button', { name: 'Export PDF' }));

    await waitFor(() => expect(downloads).toEqual(['incident-inc-1.pdf']));
    expect(server.callsTo('POST', '/api/incidents/incident/inc-1/generate_pdf/')).toHaveLength(1);
    jest.restoreAllMocks();
  });

  it('resets the edited values when another incident is opened from the list', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident(), anIncident({ id: 'inc-2', order: 'n', incident_title: 'Flooded basement' })]);
    renderIncidents(server, { path });
    const location = await screen.findByRole('textbox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'Typed, not saved');

    await user.click(within(await listOf()).getByRole('link', { name: /Flooded basement/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Flooded basement' })).toBeTruthy();
    expect(valueOf(screen.getByRole('textbox', { name: 'Location' }))).toBe('Dock 4');

    await user.click(within(await listOf()).getByRole('link', { name: /Warehouse fire/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Warehouse fire' })).toBeTruthy();
    expect(valueOf(screen.getByRole('textbox', { name: 'Location' }))).toBe('Dock 4');
  });

  it('tells when the incident cannot be loaded and loads it again on request', async () => {
    const user = userEvent.setup();
    const server = new FakeIncidentsServer([anIncident()]);
    server.failNext('GET', '/api/incidents/incident/inc-1/', new ApiError(500, SERVER_ERROR_TEXT));
    renderIncidents(server, { path });

    expect((await screen.findByRole('alert')).textContent).toContain(SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(valueOf(await screen.findByRole('textbox', { name: 'Location' }))).toBe('Dock 4');
  });
});
