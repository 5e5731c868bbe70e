import type { IncidentFormDto, IncidentTemplateDto } from '@beacon/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { descriptionOf, findSnackbar } from '../../../testing/sign-in';
import { aField, renderSettingsAs, stubSettingsApi, type StubAnswer } from '../testing/stub-settings-api';

const FIELDS = [
  aField('summary', 'Summary', 'b'),
  aField('severity', 'Severity', 'c', {
    field_type: 'SINGLESELECT',
    options: [
      { id: 'low', field: 'severity', value: 'Low' },
      { id: 'high', field: 'severity', value: 'High' },
    ],
  }),
  aField('notified', 'Police notified', 'd', { field_type: 'CHECKBOX' }),
  aField('photos', 'Photos', 'e', { field_type: 'ATTACHMENT' }),
];

const FORMS: IncidentFormDto[] = [
  {
    id: 'outage',
    name: 'Outage',
    order: 'm',
    field_groups: [
      {
        id: 'impact',
        title: 'Impact',
        content: '',
        form: 'outage',
        order: 'm',
        display_conditions: [],
        form_field_mappings: [
          { field: 'summary', is_required: true },
          { field: 'severity', is_required: false },
        ],
      },
    ],
  },
  {
    id: 'security',
    name: 'Security breach',
    order: 't',
    field_groups: [
      {
        id: 'police',
        title: 'Police',
        content: '',
        form: 'security',
        order: 'm',
        display_conditions: [],
        form_field_mappings: [
          { field: 'notified', is_required: false },
          { field: 'photos', is_required: false },
        ],
      },
    ],
  },
];

const POWER_CUT: IncidentTemplateDto = {
  id: 'power-cut',
  name: 'Power cut',
  form: 'outage',
  incident_title: 'Power cut at {site}',
  subdomain: 'power',
  template_branding: { label_color: '#b83b22' },
  field_values: [{ field: 'severity', field_group: 'impact', values: ['high'] }],
  is_open: false,
};

function templatesServer(overrides: Record<string, StubAnswer> = {}) {
  return stubSettingsApi({
    'GET /api/incidents/incident_template/': () => [POWER_CUT],
    'GET /api/incidents/form/': () => FORMS,
    'GET /api/incidents/field/': () => FIELDS,
    'POST /api/incidents/incident_template/': ({ body }) => {
      const { data } = body as { data: Partial<IncidentTemplateDto> };
      return { ...POWER_CUT, ...data, id: 'new', is_open: true };
    },
    'PUT /api/incidents/incident_template/:id/': ({ body }) => {
      const { incident_template: changes } = body as { incident_template: Partial<IncidentTemplateDto> };
      return { ...POWER_CUT, ...changes, is_open: true };
    },
    'DELETE /api/incidents/incident_template/:id/': () => undefined,
    ...overrides,
  });
}

const list = () => screen.findByRole('list', { name: 'Templates' }, { timeout: 5000 });

describe('incident templates', () => {
  it('lists the templates closed, with their form, title and public subdomain', async () => {
    renderSettingsAs('OPERATOR', '/incidents/settings/templates', templatesServer().api);

    const item = within(await list()).getByRole('listitem');
    expect(item.textContent).toContain('Power cut');
    expect(item.textContent).toContain('Form: Outage · Title: Power cut at {site} · Public subdomain: power');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('A template starts a new Case from a form with a title and values already filled in.')).toBeTruthy();
  });

  it('creates a template with its branding and preset values for the fields of its form', async () => {
    const server = templatesServer();
    const user = renderSettingsAs('ADMIN', '/incidents/settings/templates', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Add template' }));
    const editor = screen.getByRole('form', { name: 'New template' });
    await user.type(within(editor).getByLabelText('Name'), 'Break-in');
    await user.selectOptions(within(editor).getByLabelText('Form'), 'Security breach');
    await user.type(within(editor).getByLabelText('Case title'), 'Break-in reported');
    await user.type(within(editor).getByLabelText('Public subdomain'), 'breakin');
    fireEvent.change(within(editor).getByLabelText('Label colour'), { target: { value: '#00aa55' } });
    const presets = within(editor).getByRole('region', { name: 'Preset values' });
    await user.click(within(presets).getByLabelText('Police notified'));
    expect(within(presets).getByText('Attachments are added when a Case is started.')).toBeTruthy();
    await user.click(within(editor).getByRole('button', { name: 'Create template' }));

    expect(await findSnackbar('The template “Break-in” was created.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/incidents/incident_template/',
        body: {
          data: {
            name: 'Break-in',
            form: 'security',
            incident_title: 'Break-in reported',
            subdomain: 'breakin',
            template_branding: { label_color: '#00aa55' },
            field_values: [{ field: 'notified', field_group: 'police', values: [true] }],
          },
        },
      },
    ]);
    expect(screen.queryByRole('form', { name: 'New template' })).toBeNull();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens a template to change it and sends the change as incident_template', async () => {
    const server = templatesServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/templates', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Edit Power cut' }));
    const editor = screen.getByRole('form', { name: 'Change template “Power cut”' });
    expect((within(editor).getByLabelText('Severity') as HTMLSelectElement).value).toBe('high');
    await user.type(within(editor).getByLabelText('Summary'), 'No power');
    await user.selectOptions(within(editor).getByLabelText('Severity'), 'No value');
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));

    expect(await findSnackbar('The template “Power cut” was saved.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/incidents/incident_template/power-cut/',
        body: {
          incident_template: {
            name: 'Power cut',
            form: 'outage',
            incident_title: 'Power cut at {site}',
            subdomain: 'power',
            template_branding: { label_color: '#b83b22' },
            field_values: [{ field: 'summary', field_group: 'impact', values: ['No power'] }],
          },
        },
      },
    ]);
    // Saved, it is listed closed again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change template “Power cut”' })).toBeNull());
  });

  it('shows the server’s field messages, and the general text for a 500', async () => {
    let answer = new ApiError(400, { detail: 'The template is not valid.', subdomain: ['This subdomain is already used by another template.'] });
    const server = templatesServer({
      'PUT /api/incidents/incident_template/:id/': () => {
        throw answer;
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/templates', server.api);
    await list();
    await user.click(screen.getByRole('button', { name: 'Edit Power cut' }));
    const editor = screen.getByRole('form', { name: 'Change template “Power cut”' });
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));

    await waitFor(() => expect(descriptionOf(within(editor).getByLabelText('Public subdomain'))).toContain('This subdomain is already used by another template.'));
    expect(within(editor).getByRole('alert').textContent).toBe('The template is not valid.');

    answer = new ApiError(500, SERVER_ERROR_TEXT);
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(within(editor).getByRole('alert').textContent).toBe('An error occurred. Please contact your administrator.'));
  });

  it('deletes a template once confirmed', async () => {
    const server = templatesServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/templates', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Delete Power cut' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await findSnackbar('The template “Power cut” was deleted.')).not.toBeNull();
    expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/incidents/incident_template/power-cut/', body: undefined }]);
    expect(await screen.findByText('No templates yet.')).toBeTruthy();
  });
});
