import type { FieldAppearancesDto, IncidentFieldDto } from '@beacon/contracts';
import { keyAtEnd, keyForMove } from '@beacon/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { descriptionOf, findSnackbar } from '../../../testing/sign-in';
import { aField, renderSettingsAs, stubSettingsApi, type StubAnswer } from '../testing/stub-settings-api';

const FIELDS: IncidentFieldDto[] = [
  aField('location', 'Location', 'c'),
  aField('impact', 'Impact', 'b', { field_type: 'TEXTAREA' }),
  aField('severity', 'Severity', 'm', {
    field_type: 'SINGLESELECT',
    options: [
      { id: 'low', field: 'severity', value: 'Low' },
      { id: 'high', field: 'severity', value: 'High' },
    ],
  }),
  aField('reporter', 'Reporter phone', 't', { is_pii: true }),
];

function fieldsServer(overrides: Record<string, StubAnswer> = {}) {
  return stubSettingsApi({
    'GET /api/incidents/field/': () => FIELDS,
    'POST /api/incidents/field/': ({ body }) => ({ id: 'new', options: [], ...(body as object) }),
    'PATCH /api/incidents/field/:id/': ({ body, params }) => ({ ...FIELDS.find((field) => field.id === params['id']), ...(body as object) }),
    ...overrides,
  });
}

const list = () => screen.findByRole('list', { name: 'Fields, in order' }, { timeout: 5000 });
const shownLabels = async () => within(await list()).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);

describe('incident fields', () => {
  it('shows the fields in their order, under the configured module name', async () => {
    renderSettingsAs('OPERATOR', '/incidents/settings', fieldsServer().api);

    expect(await shownLabels()).toEqual(['Impact', 'Location', 'Severity', 'Reporter phone']);
    expect(screen.getByRole('heading', { level: 1, name: 'Case settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fields' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Long text')).toBeTruthy();
    expect(screen.getByText('Single choice · 2 options')).toBeTruthy();
    expect(screen.getByText('Text · Personal data (PII)')).toBeTruthy();
    expect(screen.getByText(/The questions a Case form can ask/)).toBeTruthy();
  });

  it('says when there are no fields yet', async () => {
    renderSettingsAs('ADMIN', '/incidents/settings/fields', fieldsServer({ 'GET /api/incidents/field/': () => [] }).api);

    expect(await screen.findByText('No fields yet. Add the first field a Case can record.')).toBeTruthy();
  });

  it('creates a field after the last one, with its type and PII flag', async () => {
    const server = fieldsServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const editor = screen.getByRole('form', { name: 'New field' });
    await user.type(within(editor).getByLabelText('Label'), 'Affected sites');
    await user.selectOptions(within(editor).getByLabelText('Type'), 'Multiple choice');
    await user.click(within(editor).getByLabelText('Personal data (PII)'));
    await user.click(within(editor).getByRole('button', { name: 'Create field' }));

    expect(await findSnackbar('The field “Affected sites” was created.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/incidents/field/',
        body: { label: 'Affected sites', field_type: 'MULTISELECT', is_pii: true, order: keyAtEnd(['b', 'c', 'm', 't']) },
      },
    ]);
    expect(await shownLabels()).toEqual(['Impact', 'Location', 'Severity', 'Reporter phone', 'Affected sites']);
    expect(screen.queryByRole('form', { name: 'New field' })).toBeNull();
  });

  it('shows the server’s message as the field error, and the field calls’ own text for a 500', async () => {
    let answer = new ApiError(400, { detail: 'This field may not be blank.', label: ['This field may not be blank.'] });
    const server = fieldsServer({
      'POST /api/incidents/field/': () => {
        throw answer;
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Label'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create field' }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Label'))).toBe('This field may not be blank.'));
    expect(screen.getByLabelText('Label').getAttribute('aria-invalid')).toBe('true');

    answer = new ApiError(500, SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Create field' }));

    expect((await screen.findByRole('alert')).textContent).toBe('An error occured. Please contact your administrator.');
  });

  it('moves a field from the keyboard with Move up / Move down, keeping focus on the moved field', async () => {
    const server = fieldsServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Move down Location' }));

    expect(await shownLabels()).toEqual(['Impact', 'Severity', 'Location', 'Reporter phone']);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toEqual({ method: 'PATCH', path: '/api/incidents/field/location/', body: { order: keyForMove(['b', 'c', 'm', 't'], 1, 2) } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down Location' })));
    expect(screen.getByText('Moved Location to position 3 of 4.')).toBeTruthy();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(await shownLabels()).toEqual(['Impact', 'Severity', 'Reporter phone', 'Location']);
    expect(server.writes()[1]!.body).toEqual({ order: keyForMove(['b', 'm', 'n', 't'], 2, 3) });
    // At the bottom, Move down is off; focus moves to the item's other button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up Location' })));
  });

  it('moves a field by drag and drop onto another field’s place', async () => {
    const server = fieldsServer();
    renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    const items = within(await list()).getAllByRole('listitem');

    fireEvent.dragStart(within(items[3]!).getByTestId('drag-handle'));
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);

    expect(await shownLabels()).toEqual(['Reporter phone', 'Impact', 'Location', 'Severity']);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toEqual({
      method: 'PATCH',
      path: '/api/incidents/field/reporter/',
      body: { order: keyForMove(['b', 'c', 'm', 't'], 3, 0) },
    });
    expect(server.writes()[0]!.body).toEqual({ order: 'am' });
  });

  it('puts a refused move back and says why', async () => {
    const server = fieldsServer({
      'PATCH /api/incidents/field/:id/': () => {
        throw new ApiError(500, SERVER_ERROR_TEXT);
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Move up Severity' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The field could not be moved; it is back in its place. An error occured. Please contact your administrator.',
    );
    expect(await shownLabels()).toEqual(['Impact', 'Location', 'Severity', 'Reporter phone']);
  });

  it('changes a field’s label and type, from and back to its Edit button', async () => {
    const server = fieldsServer({ 'PUT /api/incidents/field/:id/': ({ body }) => ({ ...FIELDS[0], ...(body as object) }) });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Edit Location' }));
    const editor = screen.getByRole('form', { name: 'Change field “Location”' });
    expect(document.activeElement).toBe(within(editor).getByLabelText('Label'));
    await user.clear(within(editor).getByLabelText('Label'));
    await user.type(within(editor).getByLabelText('Label'), 'Site');
    await user.selectOptions(within(editor).getByLabelText('Type'), 'Long text');
    await user.click(within(editor).getByRole('button', { name: 'Save field' }));

    expect(await findSnackbar('The field “Site” was saved.')).not.toBeNull();
    // Closed, the editor gives focus back to the field's Edit button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Site' })));
    expect(server.writes()).toEqual([
      { method: 'PUT', path: '/api/incidents/field/location/', body: { id: 'location', label: 'Site', field_type: 'TEXTAREA', is_pii: false } },
    ]);
  });

  it('adds, renames and deletes the choice options of a single-choice field', async () => {
    let options = [...FIELDS[2]!.options];
    const severity = () => ({ ...FIELDS[2]!, options });
    const server = fieldsServer({
      'GET /api/incidents/field/:id/': () => severity(),
      'POST /api/incidents/option/': ({ body }) => {
        const option = { id: 'medium', ...(body as { field: string; value: string }) };
        options = [...options, option];
        return option;
      },
      'PUT /api/incidents/option/:id/': ({ body, params }) => {
        options = options.map((option) => (option.id === params['id'] ? { ...option, ...(body as object) } : option));
        return options.find((option) => option.id === params['id']);
      },
      'DELETE /api/incidents/option/:id/': ({ params }) => {
        options = options.filter((option) => option.id !== params['id']);
      },
    });
    const user = renderSettingsAs('ADMIN', '/incidents/settings/fields', server.api);
    await list();
    await user.click(screen.getByRole('button', { name: 'Edit Severity' }));
    const editor = screen.getByRole('region', { name: 'Choice options of Severity' });

    await user.type(within(editor).getByLabelText('New option'), 'Medium');
    await user.click(within(editor).getByRole('button', { name: 'Add option' }));
    expect(await within(editor).findByDisplayValue('Medium')).toBeTruthy();
    expect((within(editor).getByLabelText('New option') as HTMLInputElement).value).toBe('');

    await user.clear(within(editor).getByLabelText('Option 1'));
    await user.type(within(editor).getByLabelText('Option 1'), 'Minor');
    await user.click(within(editor).getAllByRole('button', { name: 'Rename' })[0]!);
    await waitFor(() => expect(server.callsTo('PUT', '/api/incidents/option/')).toHaveLength(1));

    await user.click(within(editor).getByRole('button', { name: 'Delete High' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(editor).queryByDisplayValue('High')).toBeNull());

    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/incidents/option/', body: { field: 'severity', value: 'Medium' } },
      { method: 'PUT', path: '/api/incidents/option/low/', body: { field: 'severity', value: 'Minor' } },
      { method: 'DELETE', path: '/api/incidents/option/high/', body: undefined },
    ]);
    expect(within(editor).getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['Minor', 'Medium', '']);
  });
});

describe('deleting a field', () => {
  const appearances: FieldAppearancesDto = {
    field: 'severity',
    field_groups: [{ id: 'group-1', title: 'Impact', form: 'form-1', form_name: 'Outage' }],
    conditions: [{ field_group_id: 'group-2', title: 'Escalation', form: 'form-1', form_name: 'Outage' }],
    rules: [
      { id: 'rule-1', form: 'form-1', order: 'm', name: 'Severity given', for_field: 'severity', type: 'min_length', value: '1', message: 'Choose one.' },
    ],
  };

  function deletingServer(found: FieldAppearancesDto) {
    return fieldsServer({
      'GET /api/incidents/field_appearances/:id/': () => found,
      'DELETE /api/incidents/rules/field/:id/': () => undefined,
      'DELETE /api/incidents/conditions/field/:id/': () => undefined,
      'DELETE /api/incidents/field/:id/': () => undefined,
    });
  }

  it('lists the rules and display conditions that use the field, then deletes them before the field', async () => {
    const server = deletingServer(appearances);
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Delete Severity' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the field “Severity”?' });
    expect(within(await within(dialog).findByRole('region', { name: 'Rules deleted with the field' })).getByText('Severity given')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Display conditions deleted with the field' }).textContent).toContain('Escalation (Outage)');
    expect(within(dialog).getByRole('region', { name: 'Field groups the field is removed from' }).textContent).toContain('Impact (Outage)');

    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));

    expect(await findSnackbar('The field “Severity” was deleted.')).not.toBeNull();
    expect(server.writes()).toEqual([
      { method: 'DELETE', path: '/api/incidents/rules/field/severity/', body: { rules: ['rule-1'] } },
      { method: 'DELETE', path: '/api/incidents/conditions/field/severity/', body: { field_group_ids: ['group-2'] } },
      { method: 'DELETE', path: '/api/incidents/field/severity/', body: undefined },
    ]);
    expect(await shownLabels()).toEqual(['Impact', 'Location', 'Reporter phone']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before deleting a field nothing uses, and keeps it on Cancel', async () => {
    const server = deletingServer({ field: 'location', field_groups: [], conditions: [], rules: [] });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/fields', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Delete Location' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText('It is not used in any form.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.writes()).toEqual([]);
    expect(await shownLabels()).toEqual(['Impact', 'Location', 'Severity', 'Reporter phone']);
  });
});
