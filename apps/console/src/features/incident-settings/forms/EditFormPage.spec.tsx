import type { FieldGroupDto, IncidentFormDto } from '@beacon/contracts';
import { keyAtEnd, keyForMove } from '@beacon/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { findSnackbar } from '../../../testing/sign-in';
import { aField, renderSettingsAs, stubSettingsApi, type StubAnswer } from '../testing/stub-settings-api';

const SEVERITY = aField('severity', 'Severity', 'b', {
  field_type: 'SINGLESELECT',
  options: [
    { id: 'low', field: 'severity', value: 'Low' },
    { id: 'high', field: 'severity', value: 'High' },
  ],
});
const FIELDS = [SEVERITY, aField('location', 'Location', 'c'), aField('consent', 'Consent given', 'd', { field_type: 'CHECKBOX' })];

const IMPACT: FieldGroupDto = {
  id: 'impact',
  title: 'Impact',
  content: 'Who and what is affected.',
  form: 'outage',
  order: 'm',
  display_conditions: [],
  form_field_mappings: [{ field: 'severity', is_required: true }],
};
const ESCALATION: FieldGroupDto = {
  id: 'escalation',
  title: 'Escalation',
  content: '',
  form: 'outage',
  order: 't',
  display_conditions: [
    { type: 'field', field_id: 'severity', field_type: 'SINGLESELECT', value: null, values: ['high'] },
    { type: 'state', value: 'active' },
  ],
  form_field_mappings: [{ field: 'location', is_required: false }],
};
const FORM: IncidentFormDto = { id: 'outage', name: 'Outage', order: 'm', field_groups: [ESCALATION, IMPACT] };

function formServer(overrides: Record<string, StubAnswer> = {}) {
  return stubSettingsApi({
    'GET /api/incidents/form/:id/': () => FORM,
    'GET /api/incidents/field/': () => FIELDS,
    'GET /api/incidents/get_condition_field_type/:id/': ({ params }) => {
      const field = FIELDS.find((candidate) => candidate.id === params['id'])!;
      return { id: field.id, field_type: field.field_type, options: field.options };
    },
    'POST /api/incidents/field_group/': ({ body }) => ({ id: 'new-group', ...(body as object) }),
    'PUT /api/incidents/field_group/:id/': ({ body, params }) => ({ id: params['id'], order: 'm', ...(body as object) }),
    'PATCH /api/incidents/field_group/:id/': ({ body, params }) => ({ ...FORM.field_groups.find((group) => group.id === params['id']), ...(body as object) }),
    'DELETE /api/incidents/field_group/:id/': () => undefined,
    ...overrides,
  });
}

const groupList = () => screen.findByRole('list', { name: 'Field groups, in order' }, { timeout: 5000 });
const groupTitles = async () => within(await groupList()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('Edit form', () => {
  it('shows a sender the form’s groups read-only: fields, required marks and conditions, and no way to change them', async () => {
    const server = formServer();
    renderSettingsAs('SENDER', '/incidents/settings/forms/outage/edit', server.api);

    expect(await groupTitles()).toEqual(['Impact', 'Escalation']);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit form: Outage' })).toBeTruthy();
    expect(screen.getByText('You can view this form. Only admins and operators can change it.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Fields of Impact' })).getByRole('listitem').textContent).toBe('Severity · Single choice · Required');
    expect(within(screen.getByRole('list', { name: 'Display conditions of Escalation' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Shown when “Severity” is “High”',
      'Shown when the state is “active”',
    ]);
    expect(screen.getByText('Who and what is affected.')).toBeTruthy();
    expect(screen.getByText(/A new Case shows these groups in this order/)).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Add field group' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.queryByTestId('drag-handle')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('changes a group’s fields (added, required, reordered, removed) and a field condition, and saves them as form_field_mappings', async () => {
    const server = formServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/forms/outage/edit', server.api);
    await groupList();

    await user.click(screen.getByRole('button', { name: 'Edit Escalation' }));
    const editor = screen.getByRole('form', { name: 'Change field group “Escalation”' });
    await user.selectOptions(within(editor).getByLabelText('Field to add'), 'Consent given');
    await user.click(within(editor).getByRole('button', { name: 'Add field to group' }));
    await user.click(within(editor).getByLabelText('Required: Consent given'));
    await user.click(within(editor).getByRole('button', { name: 'Move up Consent given' }));
    await user.selectOptions(within(editor).getByLabelText('Field to add'), 'Severity');
    await user.click(within(editor).getByRole('button', { name: 'Add field to group' }));
    await user.click(within(editor).getByRole('button', { name: 'Remove Location' }));

    const condition = within(editor).getByRole('group', { name: 'Condition 1' });
    expect((within(condition).getByLabelText('High') as HTMLInputElement).checked).toBe(true);
    await user.click(within(condition).getByLabelText('Low'));
    await user.click(within(editor).getByRole('button', { name: 'Remove Condition 2' }));
    await user.click(within(editor).getByRole('button', { name: 'Add condition' }));
    const added = within(editor).getByRole('group', { name: 'Condition 2' });
    await user.selectOptions(within(added).getByLabelText('Condition 2: shown by'), 'A field’s value');
    await user.selectOptions(within(added).getByLabelText('Field'), 'Consent given');
    await user.selectOptions(await within(added).findByLabelText('Shown when the field'), 'is checked');

    await user.click(within(editor).getByRole('button', { name: 'Save field group' }));

    expect(await findSnackbar('The field group “Escalation” was saved.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/incidents/field_group/escalation/',
        body: {
          title: 'Escalation',
          content: '',
          form: 'outage',
          form_field_mappings: [
            { field: 'consent', is_required: true },
            { field: 'severity', is_required: false },
          ],
          display_conditions: [
            { type: 'field', field_id: 'severity', field_type: 'SINGLESELECT', value: null, values: ['low', 'high'] },
            { type: 'field', field_id: 'consent', field_type: 'CHECKBOX', value: true, values: null },
          ],
        },
      },
    ]);
    expect(server.callsTo('GET', '/api/incidents/get_condition_field_type/').map((call) => call.path)).toEqual([
      '/api/incidents/get_condition_field_type/severity/',
      '/api/incidents/get_condition_field_type/consent/',
    ]);
    expect(screen.queryByRole('form', { name: 'Change field group “Escalation”' })).toBeNull();
  });

  it('creates a group after the last one, with state and permission conditions', async () => {
    const server = formServer();
    const user = renderSettingsAs('ADMIN', '/incidents/settings/forms/outage/edit', server.api);
    await groupList();

    await user.click(screen.getByRole('button', { name: 'Add field group' }));
    const editor = screen.getByRole('form', { name: 'New field group' });
    await user.type(within(editor).getByLabelText('Title'), 'Recovery');
    await user.type(within(editor).getByLabelText('Content'), 'Once the service is back.');
    await user.click(within(editor).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(editor).getByLabelText('State'), 'resolved');
    await user.click(within(editor).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(editor).getByLabelText('Condition 2: shown by'), 'The user’s permission');
    await user.selectOptions(within(editor).getByLabelText('Permission'), 'OPERATOR');
    await user.click(within(editor).getByRole('button', { name: 'Create field group' }));

    expect(await findSnackbar('The field group “Recovery” was created.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/incidents/field_group/',
        body: {
          title: 'Recovery',
          content: 'Once the service is back.',
          form: 'outage',
          order: keyAtEnd(['m', 't']),
          display_conditions: [
            { type: 'state', value: 'resolved', values: null },
            { type: 'permission', value: 'OPERATOR', values: null },
          ],
          form_field_mappings: [],
        },
      },
    ]);
    expect(await groupTitles()).toEqual(['Impact', 'Escalation', 'Recovery']);
  });

  it('reorders groups by drag and drop and deletes one once confirmed', async () => {
    const server = formServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/forms/outage/edit', server.api);
    const rows = within(await groupList()).getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Field groups, in order');

    fireEvent.dragStart(within(rows[1]!).getAllByTestId('drag-handle')[0]!);
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);

    expect(await groupTitles()).toEqual(['Escalation', 'Impact']);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toEqual({ method: 'PATCH', path: '/api/incidents/field_group/escalation/', body: { order: keyForMove(['m', 't'], 1, 0) } });

    await user.click(screen.getByRole('button', { name: 'Delete Impact' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete the field group “Impact”?' })).getByRole('button', { name: 'Delete' }));

    expect(await findSnackbar('The field group “Impact” was deleted.')).not.toBeNull();
    expect(server.writes()[1]).toEqual({ method: 'DELETE', path: '/api/incidents/field_group/impact/', body: undefined });
    expect(await groupTitles()).toEqual(['Escalation']);
  });

  it('shows the server’s data when it refuses a group, and the general text for a 500', async () => {
    let answer = new ApiError(400, { detail: 'The field group is not valid.', title: ['This field may not be blank.'] });
    const server = formServer({
      'PUT /api/incidents/field_group/:id/': () => {
        throw answer;
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/forms/outage/edit', server.api);
    await groupList();
    await user.click(screen.getByRole('button', { name: 'Edit Impact' }));
    const editor = screen.getByRole('form', { name: 'Change field group “Impact”' });
    await user.click(within(editor).getByRole('button', { name: 'Save field group' }));

    expect((await within(editor).findByRole('alert')).textContent).toBe('The field group is not valid.');
    expect(within(editor).getByText('This field may not be blank.')).toBeTruthy();

    answer = new ApiError(500, SERVER_ERROR_TEXT);
    await user.click(within(editor).getByRole('button', { name: 'Save field group' }));
    await waitFor(() => expect(within(editor).getByRole('alert').textContent).toBe('An error occurred. Please contact your administrator.'));
  });
});
