import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '../../../api/api-error';
import { renderWithSession } from '../../../testing/render-with-session';
import { FieldsEditor } from './FieldsEditor';
import type { FieldsKind } from './new-field';
import { FakeContactFieldsServer } from './testing/fake-contact-fields-server';

function renderEditor(kind: FieldsKind, groupId: string, server = new FakeContactFieldsServer()) {
  const notify = jest.fn();
  renderWithSession(<FieldsEditor kind={kind} groupId={groupId} notify={notify} />, { api: server.api });
  return { user: userEvent.setup(), server, notify };
}

const table = (name: string) => screen.findByRole('table', { name });
const rowOf = async (tableName: string, field: string) => within(await table(tableName)).getByRole('row', { name: new RegExp(`^${field}`) });

describe('FieldsEditor', () => {
  it('adds a single choice field with its options, checked as typed, then lists it', async () => {
    const { user, server, notify } = renderEditor('data', 'root');
    expect(await screen.findByText('The dataset has no data fields.')).toBeTruthy();

    const form = screen.getByRole('group', { name: 'Add a data field' });
    await user.type(within(form).getByLabelText('Field name'), ' ');
    expect(within(form).getByText('This field may not be blank.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Field name'), 'Shift');
    await user.selectOptions(within(form).getByLabelText('Type'), 'SINGLESELECT');
    await user.type(within(form).getByLabelText('Options, one per line'), 'Day{enter}Night{enter}day');
    expect(within(form).getByText('“day”: Each option may be listed once.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Options, one per line'));
    await user.type(within(form).getByLabelText('Options, one per line'), 'Day{enter}Night');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));

    const row = await rowOf('Data fields', 'Shift');
    expect(within(row).getByRole('list', { name: 'Options of Shift' }).textContent).toContain('Night');
    expect(server.writes()).toEqual([['POST', '/api/field/', { label: 'Shift', field_type: 'SINGLESELECT', options: ['Day', 'Night'], customer_group: 'root' }]]);
    expect(notify).toHaveBeenCalledWith('Field “Shift” added.', 'default');
  });

  it('offers only device types on Devices, and lists device fields with their devices', async () => {
    const server = new FakeContactFieldsServer();
    server.withField('root', 'Mobile', 'PHONE(SMS&VOICE)');
    server.withField('root', 'Department', 'SINGLESELECT', ['Operations']);
    const { user } = renderEditor('devices', 'root', server);
    const row = await rowOf('Device fields', 'Mobile');
    expect(within(row).getByText('SMS, Voice Call', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /^Department/ })).toBeNull();
    const types = within(screen.getByRole('group', { name: 'Add a device field' })).getByLabelText('Type');
    expect(within(types).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['EMAIL', 'PHONE(SMS)', 'PHONE(VOICE)', 'PHONE(SMS&VOICE)']);
    await user.click(within(row).getByRole('button', { name: 'Rename Mobile' }));
    expect(await screen.findByRole('dialog', { name: 'Rename field' })).toBeTruthy();
  });

  it('lets a child dataset stop offering an option of an inherited field, and offer it again', async () => {
    const server = new FakeContactFieldsServer();
    const shift = server.withField('root', 'Shift', 'SINGLESELECT', ['Day', 'Night']);
    const { user, notify } = renderEditor('data', 'north', server);
    const row = await rowOf('Data fields', 'Shift');
    expect(within(row).getByText('From a parent dataset')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Delete Shift' })).toBeNull();

    await user.click(within(row).getByRole('checkbox', { name: 'Night' }));
    await waitFor(async () => expect(within(await rowOf('Data fields', 'Shift')).getByText('Not offered in this dataset')).toBeTruthy());
    expect(server.writes()).toEqual([['PUT', `/api/field/${shift}/excluded_options_by_group/`, { excluded_options_by_group: { north: [`${shift}.2`] } }]]);
    expect(notify).toHaveBeenCalledWith('“Night” is no longer offered in this dataset.', 'default');

    await user.click(within(await rowOf('Data fields', 'Shift')).getByRole('checkbox', { name: /Night/ }));
    await waitFor(async () => expect(within(await rowOf('Data fields', 'Shift')).queryByText('Not offered in this dataset')).toBeNull());
    expect(server.writes().at(-1)).toEqual(['PUT', `/api/field/${shift}/excluded_options_by_group/`, { excluded_options_by_group: { north: [] } }]);
  });

  it("adds and deletes the options of the dataset's own field", async () => {
    const server = new FakeContactFieldsServer();
    const site = server.withField('root', 'Site', 'SINGLESELECT', ['Head Office']);
    const { user } = renderEditor('data', 'root', server);
    const row = await rowOf('Data fields', 'Site');
    await user.type(within(row).getByLabelText('New option for Site'), 'Depot');
    await user.click(within(row).getByRole('button', { name: 'Add option' }));
    await waitFor(async () => expect(within(await rowOf('Data fields', 'Site')).getByText('Depot', { exact: false })).toBeTruthy());
    await user.click(within(await rowOf('Data fields', 'Site')).getByRole('button', { name: 'Delete option Head Office of Site' }));
    await waitFor(async () => expect(within(await rowOf('Data fields', 'Site')).queryByText('Head Office', { exact: false })).toBeNull());
    expect(server.writes()).toEqual([
      ['POST', '/api/option/', { field: site, label: 'Depot' }],
      ['DELETE', `/api/customer_group/root/option/${site}.1/`, undefined],
    ]);
  });

  it("shows the server's refusal of a new field next to its name, and in the snackbar", async () => {
    const server = new FakeContactFieldsServer();
    server.failNextWith(new ApiError(400, { detail: 'Invalid contact field.', label: ['A field with this name already exists.'] }));
    const { user, notify } = renderEditor('data', 'root', server);
    const form = await screen.findByRole('group', { name: 'Add a data field' });
    await user.type(within(form).getByLabelText('Field name'), 'Site');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(await within(form).findByText('A field with this name already exists.')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith(expect.stringMatching(/A field with this name already exists|Invalid contact field/), 'error');
  });
});
