import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import type { FieldGroupDto, IncidentFieldDto, IncidentFormDto, IncidentTemplateDto, IncidentTemplateWithFormDto } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';

/** Incident templates over HTTP (spec part 1 §7 "Incident templates"), signed in and on the public page. */

let app: TestApp;
let admin: string;
let sender: string;
let position = '0';
let form: IncidentFormDto;
let field: IncidentFieldDto;
let group: FieldGroupDto;
const rootId = DEMO_GROUPS[0].customerGroupId;

type Method = 'post' | 'put' | 'patch' | 'delete';

async function write(method: Method, path: string, body: unknown, key = admin, status?: number) {
  const call = request(app.url)[method](path).set(auth(key));
  const response = body === undefined ? await call : await call.send(body as object);
  if (status !== undefined) because(JSON.stringify(response.body), () => expect(response.status).toBe(status));
  expect(response.status).toBeLessThan(500);
  if (response.headers['x-event-position']) position = response.headers['x-event-position'];
  return response;
}

async function read<T>(path: string, key: string | null = admin, status = 200): Promise<T> {
  const call = request(app.url).get(path).set('X-Read-Position', position);
  const response = key === null ? await call : await call.set(auth(key));
  because(JSON.stringify(response.body), () => expect(response.status).toBe(status));
  return response.body as T;
}

const createTemplate = async (data: object, key = admin) =>
  (await write('post', '/api/incidents/incident_template/', { data }, key, 201)).body as IncidentTemplateDto;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  sender = await login(app, 'sender@demo.test');
  form = (await write('post', '/api/incidents/form/', { name: 'Template form' }, admin, 201)).body;
  field = (await write('post', '/api/incidents/field/', { label: 'River', field_type: 'TEXT' }, admin, 201)).body;
  group = (await write('post', '/api/incidents/field_group/', { title: 'Where', form: form.id, form_field_mappings: [{ field: field.id, is_required: true }] }, admin, 201))
    .body;
});

afterAll(async () => {
  await app?.close();
});

describe('incident templates', () => {
  it('creates a template with is_open false and the default label colour, lists it and reads it with its form', async () => {
    const template = await createTemplate({
      name: 'River flood',
      form: form.id,
      incident_title: 'Flood at the river',
      field_values: [{ field: field.id, field_group: group.id, values: ['Thames', { value: 'Old', is_expired: true }] }],
    });
    expect(template).toEqual({
      id: expect.any(String),
      name: 'River flood',
      form: form.id,
      incident_title: 'Flood at the river',
      subdomain: '',
      template_branding: { label_color: '#1976d2' },
      field_values: [{ field: field.id, field_group: group.id, values: ['Thames'] }],
      is_open: false,
    });
    expect(await read<IncidentTemplateDto[]>('/api/incidents/incident_template/')).toContainEqual(template);
    const withForm = await read<IncidentTemplateWithFormDto>(`/api/incidents/get_incident_template/${template.id}/`, sender);
    expect(withForm).toEqual({
      template,
      form: { ...form, field_groups: [group] },
      fields: { [field.id]: field },
      module_name: expect.any(String),
    });
  });

  it('names the module of the organisation on the template page', async () => {
    const renamed = await write('put', `/api/customer_group_im_settings/${rootId}/`, { module_name: 'Case', module_name_plural: 'Cases' }, admin, 200);
    position = renamed.headers['x-event-position'];
    const template = await createTemplate({ name: 'Named', form: form.id });
    expect((await read<IncidentTemplateWithFormDto>(`/api/incidents/get_incident_template/${template.id}/`)).module_name).toBe('Case');
  });

  it('changes a template; what the change leaves out stays', async () => {
    const template = await createTemplate({ name: 'Before', form: form.id, incident_title: 'T', template_branding: { label_color: '#123456' } });
    const changed = await write('put', `/api/incidents/incident_template/${template.id}/`, { incident_template: { name: 'After', form: form.id } }, admin, 200);
    expect(changed.body).toEqual({ ...template, name: 'After' });
    const coloured = await write(
      'put',
      `/api/incidents/incident_template/${template.id}/`,
      { incident_template: { name: 'After', form: form.id, template_branding: { label_color: '#ABCDEF', header_color: '#000000' } } },
      admin,
      200,
    );
    expect(coloured.body.template_branding).toEqual({ label_color: '#abcdef', header_color: '#000000' });
    expect((await read<IncidentTemplateDto[]>('/api/incidents/incident_template/')).find((t) => t.id === template.id)).toEqual(coloured.body);
  });

  it('answers 400 with a message per invalid value', async () => {
    const bad = await write(
      'post',
      '/api/incidents/incident_template/',
      {
        data: {
          name: '',
          form: 'no-such-form',
          subdomain: 'Not A Slug',
          template_branding: { label_color: 'blue' },
          field_values: [{ field: 'x' }],
        },
      },
      admin,
      400,
    );
    expect(bad.body).toEqual({
      detail: 'Invalid incident template.',
      name: ['This field may not be blank.'],
      form: ['Invalid pk "no-such-form" - object does not exist.'],
      subdomain: ['Enter 2 to 50 lowercase letters, digits or hyphens.'],
      template_branding: ['Enter a colour as #rrggbb.'],
      field_values: ['Value 1: expected {field, field_group, values} with a list of values.'],
    });
    const otherField = (await write('post', '/api/incidents/field/', { label: 'Unmapped', field_type: 'TEXT' }, admin, 201)).body;
    const unmapped = await write(
      'post',
      '/api/incidents/incident_template/',
      { data: { name: 'X', form: form.id, field_values: [{ field: otherField.id, field_group: group.id, values: [] }] } },
      admin,
      400,
    );
    expect(unmapped.body.field_values).toEqual([`Value 1: the field "${otherField.id}" is not in the field group "${group.id}" of this form.`]);
    expect((await write('post', '/api/incidents/incident_template/', {}, admin, 400)).body).toEqual({
      detail: 'Invalid incident template.',
      data: ['This field is required.'],
    });
    await write('post', '/api/incidents/incident_template/', { data: [] }, admin, 400);
    await write('post', '/api/incidents/incident_template/', [], admin, 400);
    await write('post', '/api/incidents/incident_template/', { data: { name: 3, form: 4, subdomain: 5, field_values: 'x' } }, admin, 400);
    await write('put', '/api/incidents/incident_template/no-such-template/', { incident_template: { name: 'A', form: form.id } }, admin, 404);
    await write('put', '/api/incidents/incident_template/no-such-template/', {}, admin, 400);
    await write('delete', '/api/incidents/incident_template/no-such-template/', undefined, admin, 404);
    await read('/api/incidents/get_incident_template/no-such-template/', admin, 404);
  });

  it('refuses to delete a form a template is built on', async () => {
    const ownForm = (await write('post', '/api/incidents/form/', { name: 'Template-bound form' }, admin, 201)).body as IncidentFormDto;
    const template = await createTemplate({ name: 'Bound', form: ownForm.id });
    const refused = await write('delete', `/api/incidents/form/${ownForm.id}/`, undefined, admin, 400);
    expect(refused.body).toEqual({
      detail: 'This form is used by incident templates. Delete them or give them another form first.',
      templates: ['Bound'],
    });
    await write('delete', `/api/incidents/incident_template/${template.id}/`, undefined, admin, 204);
    await write('delete', `/api/incidents/form/${ownForm.id}/`, undefined, admin, 204);
  });
});

describe('the public incident template page', () => {
  it('finds a template by its subdomain without signing in; unknown subdomains answer 404', async () => {
    const template = await createTemplate({ name: 'Public', form: form.id, subdomain: 'demo-floods' });
    const page = await read<IncidentTemplateWithFormDto>('/api/incidents/public_incident_template/demo-floods/', null);
    expect(page.template).toEqual(template);
    expect(page.form.id).toBe(form.id);
    expect(page.fields[field.id]).toEqual(field);
    expect(await read('/api/incidents/public_incident_template/no-such-page/', null, 404)).toEqual({ detail: 'Not found.' });
  });

  it('gives each subdomain to one template across organisations, and frees it when given up or deleted', async () => {
    const ours = await createTemplate({ name: 'Ours', form: form.id, subdomain: 'shared-page' });
    const other = await createTenantWithRoles(app, [INCIDENT_ROOT_PERMISSIONS[1]]);
    const them = await login(app, other.emails.OPERATOR, TENANT_PASSWORD);
    const theirForm = (await write('post', '/api/incidents/form/', { name: 'Theirs' }, them, 201)).body as IncidentFormDto;
    const taken = await write('post', '/api/incidents/incident_template/', { data: { name: 'Theirs', form: theirForm.id, subdomain: 'shared-page' } }, them, 400);
    expect(taken.body).toMatchObject({ subdomain: ['An incident template with this subdomain already exists.'] });
    const sameTenant = await write('post', '/api/incidents/incident_template/', { data: { name: 'Twin', form: form.id, subdomain: 'shared-page' } }, admin, 400);
    expect(sameTenant.body).toMatchObject({ subdomain: ['An incident template with this subdomain already exists.'] });

    await write('put', `/api/incidents/incident_template/${ours.id}/`, { incident_template: { name: 'Ours', form: form.id, subdomain: 'our-new-page' } }, admin, 200);
    await read('/api/incidents/public_incident_template/shared-page/', null, 404);
    expect((await read<IncidentTemplateWithFormDto>('/api/incidents/public_incident_template/our-new-page/', null)).template.id).toBe(ours.id);

    const theirs = await createTemplate({ name: 'Theirs', form: theirForm.id, subdomain: 'shared-page' }, them);
    const page = await read<IncidentTemplateWithFormDto>('/api/incidents/public_incident_template/shared-page/', null);
    expect(page.template.id).toBe(theirs.id);
    expect(page.form.name).toBe('Theirs');
    await read(`/api/incidents/get_incident_template/${theirs.id}/`, admin, 404);
    await write('delete', `/api/incidents/incident_template/${theirs.id}/`, undefined, admin, 404);

    await write('delete', `/api/incidents/incident_template/${theirs.id}/`, undefined, them, 204);
    await read('/api/incidents/public_incident_template/shared-page/', null, 404);
    const reclaimed = await createTemplate({ name: 'Back', form: form.id, subdomain: 'shared-page' });
    expect((await read<IncidentTemplateWithFormDto>('/api/incidents/public_incident_template/shared-page/', null)).template.id).toBe(reclaimed.id);
  });

  it('keeps a subdomain with a template that is changed in other ways', async () => {
    const template = await createTemplate({ name: 'Steady', form: form.id, subdomain: 'steady-page' });
    await write('put', `/api/incidents/incident_template/${template.id}/`, { incident_template: { name: 'Steady 2', form: form.id } }, admin, 200);
    expect((await read<IncidentTemplateWithFormDto>('/api/incidents/public_incident_template/steady-page/', null)).template.name).toBe('Steady 2');
  });
});
