import type { FormRuleDto, IncidentFormDto } from '@beacon/contracts';
import { keyAtEnd, keyForMove } from '@beacon/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../../api/api-error';
import { currentPath, descriptionOf, findSnackbar } from '../../../testing/sign-in';
import { aField, renderSettingsAs, stubSettingsApi, type StubAnswer } from '../testing/stub-settings-api';

const FORMS: IncidentFormDto[] = [
  { id: 'outage', name: 'Outage', order: 'm', field_groups: [] },
  { id: 'security', name: 'Security breach', order: 't', field_groups: [] },
];

const rule = (id: string, order: string, overrides: Partial<FormRuleDto> = {}): FormRuleDto => ({
  id,
  form: 'outage',
  order,
  name: `Rule ${id}`,
  for_field: 'summary',
  type: 'min_length',
  value: '10',
  message: 'Say a bit more.',
  ...overrides,
});

const RULES: Record<string, FormRuleDto[]> = {
  outage: [rule('long-enough', 'm', { name: 'Summary long enough' }), rule('short-enough', 't', { name: 'Summary short', type: 'max_length', value: '500' })],
  security: [rule('reported', 'm', { form: 'security', name: 'Reported date', for_field: 'reported', type: 'not_after', value: '2030-01-01' })],
};

const FORM_FIELDS: Record<string, ReturnType<typeof aField>[]> = {
  outage: [aField('summary', 'Summary', 'b'), aField('sites', 'Sites affected', 'c', { field_type: 'NUMBER' })],
  security: [aField('reported', 'Reported on', 'd', { field_type: 'DATE' })],
};

function rulesServer(overrides: Record<string, StubAnswer> = {}) {
  return stubSettingsApi({
    'GET /api/incidents/form/': () => FORMS,
    'GET /api/incidents/form/:form/rules/': ({ params }) => RULES[params['form']!],
    'GET /api/incidents/form/:form/rules/:id/': ({ params }) => {
      const found = RULES[params['form']!]?.find((candidate) => candidate.id === params['id']);
      if (!found) throw new ApiError(404, { detail: 'Not found.' });
      return found;
    },
    'GET /api/incidents/form/field/:id/': ({ params }) => FORM_FIELDS[params['id']!],
    'POST /api/incidents/form/:form/rules/': ({ body, params }) => ({ id: 'new', form: params['form'], ...(body as object) }),
    'PUT /api/incidents/form/:form/rules/:id/': ({ body, params }) => ({ id: params['id'], form: params['form'], order: 'm', ...(body as object) }),
    'PATCH /api/incidents/form/:form/rules/:id/': ({ body, params }) => ({ ...RULES[params['form']!]!.find((r) => r.id === params['id']), ...(body as object) }),
    'DELETE /api/incidents/form/:form/rules/:id/': () => undefined,
    ...overrides,
  });
}

const ruleList = (formName = 'Outage') => screen.findByRole('list', { name: `Rules of ${formName}, in order` }, { timeout: 5000 });
const ruleNames = async (formName?: string) =>
  within(await ruleList(formName)).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);

describe('form rules', () => {
  it('lists the first form’s rules, and another form’s when it is chosen', async () => {
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/rules', rulesServer().api);

    expect(await ruleNames()).toEqual(['Summary long enough', 'Summary short']);
    expect(screen.getByText('Summary: at least this many characters 10')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit rule Summary short' }).getAttribute('href')).toBe(
      '/incidents/settings/rules/short-enough/edit?form=outage',
    );

    await user.selectOptions(screen.getByLabelText('Form'), 'Security breach');

    expect(await ruleNames('Security breach')).toEqual(['Reported date']);
    expect(screen.getByText('Reported on: not after a date 2030-01-01')).toBeTruthy();
  });

  it('creates a rule for a field of the form, after the last rule', async () => {
    const server = rulesServer();
    const user = renderSettingsAs('ADMIN', '/incidents/settings/rules', server.api);
    await ruleList();

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const editor = screen.getByRole('form', { name: 'New rule' });
    await user.type(within(editor).getByLabelText('Name'), 'Few sites');
    await user.selectOptions(within(editor).getByLabelText('Field'), 'Sites affected');
    await user.selectOptions(within(editor).getByLabelText('Check'), 'At most this number');
    await user.type(within(editor).getByLabelText('Value'), '50');
    await user.type(within(editor).getByLabelText('Message'), 'Split it into several incidents.');
    await user.click(within(editor).getByRole('button', { name: 'Create rule' }));

    expect(await findSnackbar('The rule “Few sites” was created.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/incidents/form/outage/rules/',
        body: { name: 'Few sites', for_field: 'sites', type: 'max_value', value: '50', message: 'Split it into several incidents.', order: keyAtEnd(['m', 't']) },
      },
    ]);
    expect(await ruleNames()).toEqual(['Summary long enough', 'Summary short', 'Few sites']);
  });

  it('shows the server’s message, field, type and value errors of a refused rule', async () => {
    const server = rulesServer({
      'POST /api/incidents/form/:form/rules/': () => {
        throw new ApiError(400, {
          detail: 'The rule is not valid.',
          message: ['This field may not be blank.'],
          for_field: ['The field is not on this form.'],
          type: ['"often" is not a rule type.'],
          value: ['Enter a whole number of at least 0.'],
        });
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/rules', server.api);
    await ruleList();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const editor = screen.getByRole('form', { name: 'New rule' });
    await user.type(within(editor).getByLabelText('Name'), 'Broken');
    await user.type(within(editor).getByLabelText('Value'), '5');
    await user.type(within(editor).getByLabelText('Message'), 'x');
    await user.click(within(editor).getByRole('button', { name: 'Create rule' }));

    expect((await within(editor).findByRole('alert')).textContent).toBe('The rule is not valid.');
    expect(descriptionOf(within(editor).getByLabelText('Message'))).toContain('This field may not be blank.');
    expect(descriptionOf(within(editor).getByLabelText('Field'))).toBe('The field is not on this form.');
    expect(descriptionOf(within(editor).getByLabelText('Check'))).toBe('"often" is not a rule type.');
    expect(descriptionOf(within(editor).getByLabelText('Value'))).toContain('Enter a whole number of at least 0.');
  });

  it('reorders rules, and keeps the HTTP status of a refused move', async () => {
    let refuse = false;
    const server = rulesServer({
      'PATCH /api/incidents/form/:form/rules/:id/': ({ body, params }) => {
        if (refuse) throw new ApiError(409, { detail: 'The rules changed meanwhile.' });
        return { ...RULES['outage']!.find((r) => r.id === params['id']), ...(body as object) };
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/rules', server.api);
    await ruleList();

    await user.click(screen.getByRole('button', { name: 'Move down Summary long enough' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toEqual({
      method: 'PATCH',
      path: '/api/incidents/form/outage/rules/long-enough/',
      body: { order: keyForMove(['m', 't'], 0, 1) },
    });
    expect(await ruleNames()).toEqual(['Summary short', 'Summary long enough']);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Move up Summary long enough' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The rule could not be moved (status 409); it is back in its place. The rules changed meanwhile.',
    );
    expect(await ruleNames()).toEqual(['Summary short', 'Summary long enough']);
  });

  it('deletes a rule once confirmed', async () => {
    const server = rulesServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/rules', server.api);
    await ruleList();

    await user.click(screen.getByRole('button', { name: 'Delete Summary short' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete the rule “Summary short”?' })).getByRole('button', { name: 'Delete' }));

    expect(await findSnackbar('The rule “Summary short” was deleted.')).not.toBeNull();
    expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/incidents/form/outage/rules/short-enough/', body: undefined }]);
    expect(await ruleNames()).toEqual(['Summary long enough']);
  });
});

describe('Edit rule', () => {
  it('finds the rule on the form its link names, saves it and goes back to that form’s rules', async () => {
    const server = rulesServer();
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/rules/reported/edit?form=security', server.api);

    const name = await screen.findByLabelText('Name', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit rule: Reported date' })).toBeTruthy();
    expect(screen.getByText('A rule of the form “Security breach”.')).toBeTruthy();
    expect((screen.getByLabelText('Value') as HTMLInputElement).value).toBe('2030-01-01');
    await user.clear(name);
    await user.type(name, 'Reported in time');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    expect(await findSnackbar('The rule “Reported in time” was saved.')).not.toBeNull();
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/incidents/form/security/rules/reported/',
        body: { name: 'Reported in time', for_field: 'reported', type: 'not_after', value: '2030-01-01', message: 'Say a bit more.' },
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe('/incidents/settings/rules'));
    expect(await ruleNames('Security breach')).toEqual(['Reported date']);
  });

  it('searches the forms’ rules when the link names no form', async () => {
    const server = rulesServer();
    renderSettingsAs('ADMIN', '/incidents/settings/rules/reported/edit', server.api);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit rule: Reported date' }, { timeout: 5000 })).toBeTruthy();
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/incidents/form/',
      '/api/incidents/form/outage/rules/',
      '/api/incidents/form/security/rules/',
      '/api/incidents/form/field/security/',
    ]);
  });

  it('shows a save failure’s messages next to the rule’s inputs', async () => {
    const server = rulesServer({
      'PUT /api/incidents/form/:form/rules/:id/': () => {
        throw new ApiError(400, { detail: 'Enter a date as YYYY-MM-DD.', value: ['Enter a date as YYYY-MM-DD.'] });
      },
    });
    const user = renderSettingsAs('OPERATOR', '/incidents/settings/rules/reported/edit?form=security', server.api);
    await screen.findByLabelText('Name', {}, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Value'))).toContain('Enter a date as YYYY-MM-DD.'));
    expect(currentPath()).toBe('/incidents/settings/rules/reported/edit');
  });

  it('says when no form has the rule', async () => {
    renderSettingsAs('OPERATOR', '/incidents/settings/rules/gone/edit?form=outage', rulesServer().api);

    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('This rule does not exist any more.');
    expect(screen.getByRole('link', { name: 'Back to rules' }).getAttribute('href')).toBe('/incidents/settings/rules');
  });
});
