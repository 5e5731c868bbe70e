import type { IncidentFormDto } from '@beacon/contracts';
import { keyAtEnd, keyForMove } from '@beacon/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { currentPath, findSnackbar } from '../../../testing/sign-in';
import { renderSettingsAs, stubSettingsApi, type StubAnswer } from '../testing/stub-settings-api';

const FORMS: IncidentFormDto[] = [
  { id: 'security', name: 'Security breach', order: 't', field_groups: [] },
  {
    id: 'outage',
    name: 'Outage',
    order: 'm',
    field_groups: [
      { id: 'g1', title: 'Impact', content: '', form: 'outage', order: 'm', display_conditions: [], form_field_mappings: [] },
    ],
  },
];

function formsServer(overrides: Record<string, StubAnswer> = {}) {
  return stubSettingsApi({
    'GET /api/incidents/form/': () => FORMS,
    'POST /api/incidents/form/': ({ body }) => ({ id: 'new', field_groups: [], ...(body as object) }),
    'PUT /api/incidents/form/:id/': ({ body, params }) => ({ ...FORMS.find((form) => form.id === params['id']), ...(body as object) }),
    'PATCH /api/incidents/form/:id/': ({ body, params }) => ({ ...FORMS.find((form) => form.id === params['id']), ...(body as object) }),
    'DELETE /api/incidents/form/:id/': () => undefined,
    ...overrides,
  });
}

const list = () => screen.findByRole('list', { name: 'Forms, in order' }, { timeout: 5000 });
const shownNames = async () => within(await list()).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);

describe('incident forms', () => {
  it('lists the forms in order with their field groups and a link to Edit form', async () => {
    renderSettingsAs('OPERATOR', '/incidents/settings/forms', formsServer().api);

    expect(await shownNames()).toEqual(['Outage', 'Security breach']);
    expect(screen.getByText('1 field group')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit form Outage' }).getAttribute('href')).toBe('/incidents/settings/forms/outage/edit');
    expect(screen.getByText('A form is what a new Case asks for, in field groups. The first form is offered first.')).toBeTruthy();
  });

  it('creates a form after the last one, renames one and reorders them', async () => {
    const server = formsServer();
    const user = renderSettingsAs('ADMIN', '/incidents/settings/forms', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Add form' }));
    await user.type(screen.getByLabelText('Name'), 'Flood');
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    expect(await findSnackbar('The form “Flood” was created.')).not.toBeNull();
    expect(await shownNames()).toEqual(['Outage', 'Security breach', 'Flood']);

    await user.click(screen.getByRole('button', { name: 'Rename Outage' }));
    const editor = screen.getByRole('form', { name: 'Rename form “Outage”' });
    await user.clear(within(editor).getByLabelText('Name'));
    await user.type(within(editor).getByLabelText('Name'), 'Power outage');
    await user.click(within(editor).getByRole('button', { name: 'Save name' }));
    expect(await findSnackbar('The form was renamed “Power outage”.')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Move up Security breach' }));
    await waitFor(() => expect(server.writes()).toHaveLength(3));

    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/incidents/form/', body: { name: 'Flood', order: keyAtEnd(['m', 't']) } },
      { method: 'PUT', path: '/api/incidents/form/outage/', body: { name: 'Power outage' } },
      { method: 'PATCH', path: '/api/incidents/form/security/', body: { order: keyForMove(['m', 't', 'u'], 1, 0) } },
    ]);
    expect(await shownNames()).toEqual(['Security breach', 'Power outage', 'Flood']);
  });

  it('deletes a form once confirmed, and shows the server’s data when it refuses', async () => {
    const refusal = { detail: 'This form is used by incident templates. Delete them or give them another form first.' };
    const server = formsServer({
      'DELETE /api/incidents/form/:id/': ({ params }) => {
        if (params['id'] === 'outage') throw new ApiError(400, refusal);
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/forms', server.api);
    await list();

    await user.click(screen.getByRole('button', { name: 'Delete Security breach' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the form “Security breach” with its field groups and rules? Cases already started from it keep what they hold.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findSnackbar('The form “Security breach” was deleted.')).not.toBeNull();
    expect(await shownNames()).toEqual(['Outage']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Outage' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(`The form could not be deleted. ${refusal.detail}`);
    expect(await shownNames()).toEqual(['Outage']);
  });

  it('shows the forms calls’ text for a 500, and loads again on Try again', async () => {
    let failing = true;
    const server = formsServer({
      'GET /api/incidents/form/': () => {
        if (failing) throw new ApiError(500, SERVER_ERROR_TEXT);
        return FORMS;
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/forms', server.api);

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await shownNames()).toEqual(['Outage', 'Security breach']);
  });

  it('opens Edit form from the list', async () => {
    const server = formsServer({
      'GET /api/incidents/form/:id/': () => FORMS[1],
      'GET /api/incidents/field/': () => [],
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/forms', server.api);
    await list();

    await user.click(screen.getByRole('link', { name: 'Edit form Outage' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit form: Outage' })).toBeTruthy();
    expect(currentPath()).toBe('/incidents/settings/forms/outage/edit');
  });
});
