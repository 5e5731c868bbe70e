import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import type { FieldGroupDto, FormRuleDto, IncidentFieldDto, IncidentFormDto } from '@beacon/contracts';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';

/**
 * Incident settings over HTTP (spec part 1 §7): fields and options, forms and field groups, form
 * rules, and the field deletion flow. Templates: incident-settings-templates.api.spec.ts.
 */

let app: TestApp;
let admin: string;
let operator: string;
let sender: string;
/** Position of the caller's last write, sent with reads (read-your-writes). */
let position = '0';

beforeAll(async () => {
  app = await startTestApp();
  [admin, operator, sender] = await Promise.all(['admin', 'operator', 'sender'].map((role) => login(app, `${role}@demo.test`)));
});

afterAll(async () => {
  await app?.close();
});

type Method = 'post' | 'put' | 'patch' | 'delete';

async function write(method: Method, path: string, body: unknown, key = admin, status?: number) {
  const call = request(app.url)[method](path).set(auth(key));
  const response = body === undefined ? await call : await call.send(body as object);
  if (status !== undefined) because(JSON.stringify(response.body), () => expect(response.status).toBe(status));
  expect(response.status).toBeLessThan(500);
  if (response.headers['x-event-position']) position = response.headers['x-event-position'];
  return response;
}

async function read<T>(path: string, key = admin, status = 200): Promise<T> {
  const response = await request(app.url).get(path).set(auth(key)).set('X-Read-Position', position);
  because(JSON.stringify(response.body), () => expect(response.status).toBe(status));
  return response.body as T;
}

const createField = async (label: string, field_type = 'TEXT', extra: object = {}) =>
  (await write('post', '/api/incidents/field/', { label, field_type, ...extra }, admin, 201)).body as IncidentFieldDto;
const createForm = async (name: string) => (await write('post', '/api/incidents/form/', { name }, admin, 201)).body as IncidentFormDto;
const createGroup = async (body: object) => (await write('post', '/api/incidents/field_group/', body, admin, 201)).body as FieldGroupDto;
const createRule = async (formId: string, body: object) =>
  (await write('post', `/api/incidents/form/${formId}/rules/`, body, admin, 201)).body as FormRuleDto;

describe('incident fields and options', () => {
  it('creates fields after the last one, answers the field with its position, and lists them in order', async () => {
    const response = await write('post', '/api/incidents/field/', { label: ' Location ', field_type: 'TEXT', is_pii: true }, admin, 201);
    const location = response.body as IncidentFieldDto;
    expect(location).toEqual({ id: expect.any(String), label: 'Location', field_type: 'TEXT', is_pii: true, order: expect.stringMatching(/^[a-z]+$/), options: [] });
    expect(Number(response.headers['x-event-position'])).toBeGreaterThan(0);
    const count = await createField('Count', 'NUMBER');
    expect(count.order > location.order).toBe(true);
    expect(count.is_pii).toBe(false);
    const listed = await read<IncidentFieldDto[]>('/api/incidents/field/');
    expect(listed.map((field) => field.id).slice(-2)).toEqual([location.id, count.id]);
    expect(await read(`/api/incidents/field/${location.id}/`)).toEqual(location);
  });

  it('changes a field with PUT and reorders fields with PATCH', async () => {
    const first = await createField('First');
    const second = await createField('Second');
    const changed = await write('put', `/api/incidents/field/${first.id}/`, { id: first.id, label: 'Renamed', field_type: 'TEXTAREA', is_pii: true }, operator, 200);
    expect(changed.body).toEqual({ ...first, label: 'Renamed', field_type: 'TEXTAREA', is_pii: true });
    const moved = await write('patch', `/api/incidents/field/${second.id}/`, { order: 'a' }, operator, 200);
    expect(moved.body).toMatchObject({ id: second.id, order: 'a' });
    const listed = await read<IncidentFieldDto[]>('/api/incidents/field/');
    expect(listed[0].id).toBe(second.id);
    expect(listed.find((field) => field.id === first.id)).toMatchObject({ label: 'Renamed' });
  });

  it('answers 400 with a message per invalid value, whatever the JSON', async () => {
    const bad = await write('post', '/api/incidents/field/', { label: 42, field_type: 'COLOUR', is_pii: 'yes', order: 'ABC' }, admin, 400);
    expect(bad.body).toEqual({
      detail: 'Invalid incident field.',
      label: ['Not a valid string.'],
      field_type: ['"COLOUR" is not a valid choice.'],
      is_pii: ['Must be a valid boolean.'],
      order: ['An ordering key is a non-empty string of lowercase letters a-z.'],
    });
    for (const body of [[], {}, { label: null, field_type: null }]) {
      const response = await write('post', '/api/incidents/field/', body, admin, 400);
      expect(Object.keys(response.body)).toEqual(expect.arrayContaining(['label', 'field_type']));
    }
    const malformed = await request(app.url).post('/api/incidents/field/').set(auth(admin)).set('Content-Type', 'application/json').send('{"label": ');
    expect(malformed.status).toBe(400);
    const field = await createField('Stays');
    await write('patch', `/api/incidents/field/${field.id}/`, { order: 7 }, admin, 400);
    await write('patch', `/api/incidents/field/${field.id}/`, {}, admin, 400);
    const long = await write('put', `/api/incidents/field/${field.id}/`, { label: 'x'.repeat(101), field_type: 'TEXT' }, admin, 400);
    expect(long.body).toMatchObject({ label: ['Ensure this field has no more than 100 characters.'] });
    const mismatch = await write('put', `/api/incidents/field/${field.id}/`, { id: 'other', label: 'A', field_type: 'TEXT' }, admin, 400);
    expect(mismatch.body).toMatchObject({ id: ['Does not match the id of the URL.'] });
  });

  it('answers 404 "Not found." for unknown fields', async () => {
    expect(await read('/api/incidents/field/no-such-field/', admin, 404)).toEqual({ detail: 'Not found.' });
    await write('put', '/api/incidents/field/no-such-field/', { label: 'A', field_type: 'TEXT' }, admin, 404);
    await write('patch', '/api/incidents/field/no-such-field/', { order: 'b' }, admin, 404);
    await write('delete', '/api/incidents/field/no-such-field/', undefined, admin, 404);
    await read('/api/incidents/field_appearances/no-such-field/', admin, 404);
    await read('/api/incidents/get_condition_field_type/no-such-field/', admin, 404);
    await read('/api/incidents/rules/field/no-such-field/', admin, 404);
  });

  it('adds, changes and deletes choice options; values are unique per field ignoring case', async () => {
    const severity = await createField('Severity', 'SINGLESELECT');
    const high = (await write('post', '/api/incidents/option/', { field: severity.id, value: ' High ' }, admin, 201)).body;
    expect(high).toEqual({ id: expect.any(String), field: severity.id, value: 'High' });
    const low = (await write('post', '/api/incidents/option/', { field: severity.id, value: 'Low' }, admin, 201)).body;
    const duplicate = await write('post', '/api/incidents/option/', { field: severity.id, value: 'HIGH' }, admin, 400);
    expect(duplicate.body).toMatchObject({ value: ['This field already has an option with this value.'] });
    const changed = await write('put', `/api/incidents/option/${low.id}/`, { field: severity.id, value: 'Lowest' }, admin, 200);
    expect(changed.body).toEqual({ id: low.id, field: severity.id, value: 'Lowest' });
    expect((await read<IncidentFieldDto>(`/api/incidents/field/${severity.id}/`)).options).toEqual([high, changed.body]);
    expect(await read(`/api/incidents/get_condition_field_type/${severity.id}/`)).toEqual({
      id: severity.id,
      field_type: 'SINGLESELECT',
      options: [high, changed.body],
    });
    const choices = await read<{ id: string }[]>('/api/incidents/field_choice/');
    expect(choices.map((choice) => choice.id)).toEqual(expect.arrayContaining([high.id, low.id]));
    await write('delete', `/api/incidents/option/${low.id}/`, undefined, admin, 204);
    expect((await read<IncidentFieldDto>(`/api/incidents/field/${severity.id}/`)).options).toEqual([high]);
    await write('delete', `/api/incidents/option/${low.id}/`, undefined, admin, 404);
    await write('put', '/api/incidents/option/no-such-option/', { field: severity.id, value: 'X' }, admin, 404);
  });

  it('refuses options on other field types and unknown fields, and drops options when a field stops being a choice field', async () => {
    const text = await createField('Plain');
    const onText = await write('post', '/api/incidents/option/', { field: text.id, value: 'X' }, admin, 400);
    expect(onText.body).toMatchObject({ field: ['Options can only be added to SINGLESELECT and MULTISELECT fields.'] });
    const unknown = await write('post', '/api/incidents/option/', { field: 'no-such-field', value: 'X' }, admin, 400);
    expect(unknown.body).toMatchObject({ field: ['Invalid pk "no-such-field" - object does not exist.'] });
    await write('post', '/api/incidents/option/', { field: 3, value: ['X'] }, admin, 400);
    const multi = await createField('Services', 'MULTISELECT');
    await write('post', '/api/incidents/option/', { field: multi.id, value: 'Police' }, admin, 201);
    const changed = await write('put', `/api/incidents/field/${multi.id}/`, { label: 'Services', field_type: 'TEXT' }, admin, 200);
    expect(changed.body).toMatchObject({ field_type: 'TEXT', options: [] });
    expect((await read<IncidentFieldDto>(`/api/incidents/field/${multi.id}/`)).options).toEqual([]);
  });
});

describe('forms and field groups', () => {
  it('creates, renames and reorders forms; names are unique ignoring case', async () => {
    const flood = await createForm(' Flood ');
    expect(flood).toEqual({ id: expect.any(String), name: 'Flood', order: expect.any(String), field_groups: [] });
    const fire = await createForm('Fire');
    const duplicate = await write('post', '/api/incidents/form/', { name: 'FLOOD' }, admin, 400);
    expect(duplicate.body).toEqual({ detail: 'Invalid form.', name: ['A form with this name already exists.'] });
    await write('post', '/api/incidents/form/', { name: '' }, admin, 400);
    await write('post', '/api/incidents/form/', { name: 5 }, admin, 400);
    const renamed = await write('put', `/api/incidents/form/${flood.id}/`, { name: 'River flood' }, admin, 200);
    expect(renamed.body).toMatchObject({ id: flood.id, name: 'River flood' });
    await write('patch', `/api/incidents/form/${fire.id}/`, { order: 'a' }, admin, 200);
    const forms = await read<IncidentFormDto[]>('/api/incidents/form/');
    expect(forms[0].id).toBe(fire.id);
    expect(forms.find((form) => form.id === flood.id)?.name).toBe('River flood');
    await read('/api/incidents/form/no-such-form/', admin, 404);
    await write('put', '/api/incidents/form/no-such-form/', { name: 'X' }, admin, 404);
    await write('patch', '/api/incidents/form/no-such-form/', { order: 'b' }, admin, 404);
    await write('delete', '/api/incidents/form/no-such-form/', undefined, admin, 404);
  });

  it('creates field groups with mappings and display conditions, completing each condition', async () => {
    const form = await createForm('Storm');
    const where = await createField('Where');
    const photo = await createField('Photo', 'ATTACHMENT');
    const group = await createGroup({
      title: 'Details',
      content: '<p>Tell us</p>',
      form: form.id,
      form_field_mappings: [
        { field: where.id, is_required: true },
        { field: photo.id, is_required: false },
      ],
      display_conditions: [
        { type: 'state', value: 'Active' },
        { type: 'permission', values: ['admin', 'operator'] },
        { type: 'field', field_id: photo.id },
      ],
    });
    expect(group).toEqual({
      id: expect.any(String),
      title: 'Details',
      content: '<p>Tell us</p>',
      form: form.id,
      order: 'zzzzz',
      form_field_mappings: [
        { field: where.id, is_required: true },
        { field: photo.id, is_required: false },
      ],
      display_conditions: [
        { type: 'state', value: 'active', values: null, field_id: null, field_type: null, field_group_id: group.id },
        { type: 'permission', value: null, values: ['ADMIN', 'OPERATOR'], field_id: null, field_type: null, field_group_id: group.id },
        { type: 'field', value: null, values: null, field_id: photo.id, field_type: 'ATTACHMENT', field_group_id: group.id },
      ],
    });
    const second = await createGroup({ title: 'More', form: form.id, form_field_mappings: [{ field: photo.id }] });
    expect(second.order > group.order).toBe(true);
    expect(await read(`/api/incidents/field_group/${group.id}/`)).toEqual(group);
    const read1 = await read<IncidentFormDto>(`/api/incidents/form/${form.id}/`);
    expect(read1.field_groups.map((g) => g.id)).toEqual([group.id, second.id]);
    const fields = await read<IncidentFieldDto[]>(`/api/incidents/form/field/${form.id}/`);
    expect(fields.map((field) => field.id)).toEqual([where.id, photo.id]);
    await read('/api/incidents/form/field/no-such-form/', admin, 404);

    await write('patch', `/api/incidents/field_group/${second.id}/`, { order: 'b' }, admin, 200);
    expect((await read<IncidentFormDto>(`/api/incidents/form/${form.id}/`)).field_groups.map((g) => g.id)).toEqual([second.id, group.id]);
    const changed = await write(
      'put',
      `/api/incidents/field_group/${group.id}/`,
      { title: 'Details 2', form: form.id, form_field_mappings: [{ field: where.id, is_required: false }], display_conditions: [] },
      admin,
      200,
    );
    expect(changed.body).toMatchObject({ title: 'Details 2', order: group.order, content: '<p>Tell us</p>', display_conditions: [] });
    await write('delete', `/api/incidents/field_group/${second.id}/`, undefined, admin, 204);
    await read(`/api/incidents/field_group/${second.id}/`, admin, 404);
  });

  it('answers 400 for field groups with bad values, and 404 for unknown groups', async () => {
    const form = await createForm('Quake');
    const field = await createField('Magnitude', 'NUMBER');
    const bad = await write(
      'post',
      '/api/incidents/field_group/',
      {
        title: '',
        form: form.id,
        form_field_mappings: [{ field: field.id }, { field: field.id }, { field: 'no-such-field' }],
        display_conditions: [{ type: 'permission', value: 'ROOT' }, { type: 'field', field_id: 'no-such-field', value: 1 }, { type: 'weather' }],
      },
      admin,
      400,
    );
    expect(bad.body).toEqual({
      detail: 'Invalid field group.',
      title: ['This field may not be blank.'],
      form_field_mappings: ['The field "Magnitude" is in this group twice.', 'Field 3: Invalid pk "no-such-field" - object does not exist.'],
      display_conditions: [
        'Condition 1: "ROOT" is not a permission (one of ADMIN, OPERATOR, SENDER, CONTACT, DATA).',
        'Condition 2: the field "no-such-field" does not exist.',
        'Condition 3: the type must be one of state, permission, field.',
      ],
    });
    const noForm = await write('post', '/api/incidents/field_group/', { title: 'T', form: 'no-such-form' }, admin, 400);
    expect(noForm.body).toMatchObject({ form: ['Invalid pk "no-such-form" - object does not exist.'] });
    for (const body of [[], {}, { title: 1, form: null, display_conditions: 'x', form_field_mappings: {} }]) await write('post', '/api/incidents/field_group/', body, admin, 400);
    await read('/api/incidents/field_group/no-such-group/', admin, 404);
    await write('put', '/api/incidents/field_group/no-such-group/', { title: 'T', form: form.id }, admin, 404);
    await write('patch', '/api/incidents/field_group/no-such-group/', { order: 'b' }, admin, 404);
    await write('delete', '/api/incidents/field_group/no-such-group/', undefined, admin, 404);
  });

  it('deletes a form with its field groups and rules', async () => {
    const form = await createForm('Short-lived');
    const field = await createField('Note');
    const group = await createGroup({ title: 'G', form: form.id, form_field_mappings: [{ field: field.id }] });
    const rule = await createRule(form.id, { for_field: field.id, type: 'max_length', value: '5', message: 'Too long.' });
    await write('delete', `/api/incidents/form/${form.id}/`, undefined, admin, 204);
    await read(`/api/incidents/form/${form.id}/`, admin, 404);
    await read(`/api/incidents/field_group/${group.id}/`, admin, 404);
    await read(`/api/incidents/form/${form.id}/rules/${rule.id}/`, admin, 404);
    expect(await read(`/api/incidents/rules/field/${field.id}/`)).toEqual([]);
  });
});

describe('form rules', () => {
  let form: IncidentFormDto;
  let text: IncidentFieldDto;
  let number: IncidentFieldDto;

  beforeAll(async () => {
    form = await createForm('Rules form');
    text = await createField('Reference');
    number = await createField('People', 'NUMBER');
    await createGroup({ title: 'G', form: form.id, form_field_mappings: [{ field: text.id }, { field: number.id }] });
  });

  it('creates rules in order, reads them, changes, reorders and deletes them', async () => {
    const first = await createRule(form.id, { name: 'Ref', for_field: text.id, type: 'pattern', value: '^[A-Z]{3}$', message: 'Three capitals.' });
    expect(first).toEqual({
      id: expect.any(String),
      form: form.id,
      order: 'zzzzz',
      name: 'Ref',
      for_field: text.id,
      type: 'pattern',
      value: '^[A-Z]{3}$',
      message: 'Three capitals.',
    });
    const second = await createRule(form.id, { for_field: number.id, type: 'max_value', value: '100', message: 'At most 100.' });
    expect((await read<FormRuleDto[]>(`/api/incidents/form/${form.id}/rules/`)).map((rule) => rule.id)).toEqual([first.id, second.id]);
    expect(await read(`/api/incidents/form/${form.id}/rules/${first.id}/`)).toEqual(first);
    await write('patch', `/api/incidents/form/${form.id}/rules/${second.id}/`, { order: 'b' }, admin, 200);
    expect((await read<FormRuleDto[]>(`/api/incidents/form/${form.id}/rules/`)).map((rule) => rule.id)).toEqual([second.id, first.id]);
    const changed = await write(
      'put',
      `/api/incidents/form/${form.id}/rules/${second.id}/`,
      { for_field: number.id, type: 'min_value', value: '1', message: 'At least 1.' },
      operator,
      200,
    );
    expect(changed.body).toMatchObject({ id: second.id, type: 'min_value', value: '1', order: 'b' });
    await write('delete', `/api/incidents/form/${form.id}/rules/${second.id}/`, undefined, admin, 204);
    await read(`/api/incidents/form/${form.id}/rules/${second.id}/`, admin, 404);
  });

  it('answers rule failures with messages under message, for_field, type and value', async () => {
    const response = await write('post', `/api/incidents/form/${form.id}/rules/`, { for_field: 'nope', type: 'longest', value: 3, message: '' }, admin, 400);
    expect(response.body).toEqual({
      detail: 'Invalid form rule.',
      for_field: ['Invalid pk "nope" - object does not exist.'],
      type: ['"longest" is not a valid choice. Choose one of min_length, max_length, min_value, max_value, pattern, not_before, not_after.'],
      value: ['Not a valid string.'],
      message: ['This field may not be blank.'],
    });
    const cases: [string, string, string][] = [
      ['min_length', '-1', 'Enter a whole number of at least 0.'],
      ['min_value', 'many', 'Enter a number.'],
      ['pattern', '([', 'Enter a valid regular expression.'],
      ['not_after', '2024-02-30', 'Enter a date as YYYY-MM-DD.'],
    ];
    for (const [type, value, message] of cases) {
      const bad = await write('post', `/api/incidents/form/${form.id}/rules/`, { for_field: text.id, type, value, message: 'M' }, admin, 400);
      expect(bad.body).toMatchObject({ value: [message] });
    }
    const other = await createField('Not in the form');
    const notInForm = await write('post', `/api/incidents/form/${form.id}/rules/`, { for_field: other.id, type: 'max_length', value: '3', message: 'M' }, admin, 400);
    expect(notInForm.body).toMatchObject({ for_field: ['Choose a field of this form.'] });
    const rule = await createRule(form.id, { for_field: text.id, type: 'max_length', value: '3', message: 'M' });
    const patch = await write('patch', `/api/incidents/form/${form.id}/rules/${rule.id}/`, { order: 'NOT A KEY' }, admin, 400);
    expect(patch.body).toMatchObject({ order: ['An ordering key is a non-empty string of lowercase letters a-z.'] });
    for (const body of [[], {}, null]) await write('post', `/api/incidents/form/${form.id}/rules/`, body, admin, 400);
  });

  it('answers 404 for an unknown form, an unknown rule, and a rule of another form', async () => {
    const rule = await createRule(form.id, { for_field: text.id, type: 'min_length', value: '1', message: 'M' });
    const otherForm = await createForm('Other rules form');
    await read('/api/incidents/form/no-such-form/rules/', admin, 404);
    await write('post', '/api/incidents/form/no-such-form/rules/', { for_field: text.id, type: 'min_length', value: '1', message: 'M' }, admin, 404);
    await read(`/api/incidents/form/${otherForm.id}/rules/${rule.id}/`, admin, 404);
    await write('put', `/api/incidents/form/${otherForm.id}/rules/${rule.id}/`, { for_field: text.id, type: 'min_length', value: '1', message: 'M' }, admin, 404);
    await write('patch', `/api/incidents/form/${otherForm.id}/rules/${rule.id}/`, { order: 'b' }, admin, 404);
    await write('delete', `/api/incidents/form/${otherForm.id}/rules/${rule.id}/`, undefined, admin, 404);
    await read(`/api/incidents/form/${form.id}/rules/no-such-rule/`, admin, 404);
  });
});

describe('deleting a field', () => {
  it('shows where it appears, refuses while rules and conditions use it, then goes after they are deleted', async () => {
    const form = await createForm('Deletion form');
    const doomed = await createField('Doomed');
    const kept = await createField('Kept');
    const mapping = await createGroup({ title: 'Mapping', form: form.id, form_field_mappings: [{ field: doomed.id }, { field: kept.id }] });
    const conditional = await createGroup({
      title: 'Conditional',
      form: form.id,
      form_field_mappings: [{ field: kept.id }],
      display_conditions: [
        { type: 'field', field_id: doomed.id, value: 'Yes' },
        { type: 'state', value: 'active' },
      ],
    });
    const rule = await createRule(form.id, { name: 'Short', for_field: doomed.id, type: 'max_length', value: '3', message: 'M' });

    expect(await read(`/api/incidents/field_appearances/${doomed.id}/`)).toEqual({
      field: doomed.id,
      field_groups: [{ id: mapping.id, title: 'Mapping', form: form.id, form_name: 'Deletion form' }],
      conditions: [{ field_group_id: conditional.id, title: 'Conditional', form: form.id, form_name: 'Deletion form' }],
      rules: [rule],
    });
    expect(await read(`/api/incidents/rules/field/${doomed.id}/`)).toEqual([rule]);

    const refused = await write('delete', `/api/incidents/field/${doomed.id}/`, undefined, admin, 400);
    expect(refused.body).toEqual({
      detail: 'This field is still used by form rules or display conditions. Delete them first.',
      rules: ['Rule "Short" of the form "Deletion form"'],
      conditions: ['Field group "Conditional" of the form "Deletion form"'],
    });

    const wrongRule = await createRule(form.id, { for_field: kept.id, type: 'max_length', value: '3', message: 'M' });
    await write('delete', `/api/incidents/rules/field/${doomed.id}/`, { rules: [wrongRule.id] }, admin, 400);
    await write('delete', `/api/incidents/rules/field/${doomed.id}/`, { rules: 'all' }, admin, 400);
    await write('delete', `/api/incidents/rules/field/${doomed.id}/`, { rules: [rule.id] }, admin, 204);
    expect(await read(`/api/incidents/rules/field/${doomed.id}/`)).toEqual([]);

    await write('delete', `/api/incidents/conditions/field/${doomed.id}/`, { field_group_ids: ['no-such-group'] }, admin, 400);
    await write('delete', `/api/incidents/conditions/field/${doomed.id}/`, {}, admin, 400);
    await write('delete', `/api/incidents/conditions/field/${doomed.id}/`, { field_group_ids: [conditional.id] }, admin, 204);
    expect((await read<FieldGroupDto>(`/api/incidents/field_group/${conditional.id}/`)).display_conditions).toEqual([
      { type: 'state', value: 'active', values: null, field_id: null, field_type: null, field_group_id: conditional.id },
    ]);

    await write('delete', `/api/incidents/field/${doomed.id}/`, undefined, admin, 204);
    await read(`/api/incidents/field/${doomed.id}/`, admin, 404);
    expect((await read<FieldGroupDto>(`/api/incidents/field_group/${mapping.id}/`)).form_field_mappings).toEqual([{ field: kept.id, is_required: false }]);
    await write('delete', `/api/incidents/rules/field/${doomed.id}/`, { rules: [] }, admin, 404);
    await write('delete', `/api/incidents/conditions/field/${doomed.id}/`, { field_group_ids: [] }, admin, 404);
  });
});

describe('who may read and change the settings', () => {
  it('lets a sender read fields and forms but not change anything or read the settings-only calls', async () => {
    const field = await createField('Sender sees');
    const form = await createForm('Sender form');
    await read('/api/incidents/field/', sender);
    await read(`/api/incidents/field/${field.id}/`, sender);
    await read('/api/incidents/form/', sender);
    await read(`/api/incidents/form/${form.id}/rules/`, sender);
    await read(`/api/incidents/field_appearances/${field.id}/`, sender, 403);
    await read(`/api/incidents/rules/field/${field.id}/`, sender, 403);
    await read('/api/incidents/incident_template/', sender, 403);
    await write('post', '/api/incidents/field/', { label: 'X', field_type: 'TEXT' }, sender, 403);
    await write('put', `/api/incidents/field/${field.id}/`, { label: 'X', field_type: 'TEXT' }, sender, 403);
    await write('patch', `/api/incidents/field/${field.id}/`, { order: 'b' }, sender, 403);
    await write('delete', `/api/incidents/field/${field.id}/`, undefined, sender, 403);
    await write('post', '/api/incidents/form/', { name: 'X' }, sender, 403);
    await write('post', `/api/incidents/form/${form.id}/rules/`, {}, sender, 403);
    await write('post', '/api/incidents/field_group/', {}, sender, 403);
    await write('post', '/api/incidents/incident_template/', { data: {} }, sender, 403);
    await read(`/api/incidents/field/${field.id}/`, admin);
  });

  it("keeps each organisation's settings to itself: another tenant's ids answer 404", async () => {
    const field = await createField('Ours');
    const form = await createForm('Our form');
    const group = await createGroup({ title: 'Ours', form: form.id, form_field_mappings: [{ field: field.id }] });
    const rule = await createRule(form.id, { for_field: field.id, type: 'max_length', value: '3', message: 'M' });
    const other = await createTenantWithRoles(app, [INCIDENT_ROOT_PERMISSIONS[1]]);
    const them = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
    expect(await read('/api/incidents/field/', them)).toEqual([]);
    expect(await read('/api/incidents/form/', them)).toEqual([]);
    await read(`/api/incidents/field/${field.id}/`, them, 404);
    await read(`/api/incidents/form/${form.id}/`, them, 404);
    await read(`/api/incidents/field_group/${group.id}/`, them, 404);
    await read(`/api/incidents/form/${form.id}/rules/${rule.id}/`, them, 404);
    await write('put', `/api/incidents/field/${field.id}/`, { label: 'Theirs', field_type: 'TEXT' }, them, 404);
    await write('delete', `/api/incidents/form/${form.id}/`, undefined, them, 404);
    await write('delete', `/api/incidents/field_group/${group.id}/`, undefined, them, 404);
    await write('delete', `/api/incidents/form/${form.id}/rules/${rule.id}/`, undefined, them, 404);
    const theirForm = await write('post', '/api/incidents/form/', { name: 'Our form' }, them, 201);
    const mapped = await write('post', '/api/incidents/field_group/', { title: 'T', form: theirForm.body.id, form_field_mappings: [{ field: field.id }] }, them, 400);
    expect(mapped.body).toMatchObject({ form_field_mappings: [`Field 1: Invalid pk "${field.id}" - object does not exist.`] });
    expect(await read<IncidentFieldDto>(`/api/incidents/field/${field.id}/`)).toMatchObject({ label: 'Ours' });
  });

  it('answers a retried create (same Idempotency-Key) with the same field, recorded once', async () => {
    const key = 'field-create-retry-1';
    const first = await request(app.url).post('/api/incidents/field/').set(auth(admin)).set('Idempotency-Key', key).send({ label: 'Once', field_type: 'TEXT' });
    const again = await request(app.url).post('/api/incidents/field/').set(auth(admin)).set('Idempotency-Key', key).send({ label: 'Once', field_type: 'TEXT' });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    position = again.headers['x-event-position'];
    const fields = await read<IncidentFieldDto[]>('/api/incidents/field/');
    expect(fields.filter((field) => field.label === 'Once')).toHaveLength(1);
  });
});
