import type { FieldGroupDto, IncidentFormDto, IncidentTemplateDto } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { incidentSettingsApi } from './incident-settings-api';
import { aField, stubSettingsApi } from './testing/stub-settings-api';

const serverGroup = (id: string, order: string): FieldGroupDto => ({
  id,
  title: `Group ${id}`,
  content: '',
  form: 'form-1',
  order,
  display_conditions: [],
  form_field_mappings: [{ field: 'severity', is_required: true }],
});

const template: IncidentTemplateDto = {
  id: 'template-1',
  name: 'Power cut',
  form: 'form-1',
  incident_title: 'Power cut',
  subdomain: '',
  template_branding: { label_color: '#1976d2' },
  field_values: [],
  is_open: true,
};

describe('incident settings api', () => {
  it('calls field groups’ mappings field_mappings on the client and form_field_mappings on the server', async () => {
    const form: IncidentFormDto = { id: 'form-1', name: 'Outage', order: 'm', field_groups: [serverGroup('b', 't'), serverGroup('a', 'c')] };
    const { api, calls } = stubSettingsApi({
      'GET /api/incidents/form/:id/': () => form,
      'PUT /api/incidents/field_group/:id/': ({ body, params }) => ({ ...serverGroup(params['id']!, 'c'), ...(body as object) }),
    });
    const settings = incidentSettingsApi(api);

    const loaded = await settings.form('form-1');
    expect(loaded.field_groups.map((group) => group.id)).toEqual(['a', 'b']);
    expect(loaded.field_groups[0]).not.toHaveProperty('form_field_mappings');
    expect(loaded.field_groups[0]!.field_mappings).toEqual([{ field: 'severity', is_required: true }]);

    const saved = await settings.changeFieldGroup('a', {
      title: 'Impact',
      content: 'Who is affected',
      form: 'form-1',
      display_conditions: [{ type: 'state', value: 'active' }],
      field_mappings: [{ field: 'severity', is_required: false }],
    });
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/incidents/field_group/a/',
      body: {
        title: 'Impact',
        content: 'Who is affected',
        form: 'form-1',
        display_conditions: [{ type: 'state', value: 'active' }],
        form_field_mappings: [{ field: 'severity', is_required: false }],
      },
    });
    expect(saved.field_mappings).toEqual([{ field: 'severity', is_required: false }]);
  });

  it('sends the spec’s bodies for fields, the delete-field steps and options', async () => {
    const { api, calls } = stubSettingsApi({
      'GET /api/incidents/field/': () => [aField('b', 'B', 'zz'), aField('a', 'A', 'b')],
      'PUT /api/incidents/field/:id/': ({ body }) => body,
      'PATCH /api/incidents/field/:id/': ({ body }) => body,
      'DELETE /api/incidents/rules/field/:id/': () => undefined,
      'DELETE /api/incidents/conditions/field/:id/': () => undefined,
      'POST /api/incidents/option/': ({ body }) => body,
    });
    const settings = incidentSettingsApi(api);

    expect((await settings.fields()).map((field) => field.id)).toEqual(['a', 'b']);
    await settings.changeField('a', { label: 'A', field_type: 'TEXT', is_pii: true });
    await settings.moveField('a', 'zzz');
    await settings.deleteFieldRules('a', ['rule-1']);
    await settings.deleteFieldConditions('a', ['group-1']);
    await settings.createOption('a', 'High');

    expect(calls.slice(1)).toEqual([
      { method: 'PUT', path: '/api/incidents/field/a/', body: { id: 'a', label: 'A', field_type: 'TEXT', is_pii: true } },
      { method: 'PATCH', path: '/api/incidents/field/a/', body: { order: 'zzz' } },
      { method: 'DELETE', path: '/api/incidents/rules/field/a/', body: { rules: ['rule-1'] } },
      { method: 'DELETE', path: '/api/incidents/conditions/field/a/', body: { field_group_ids: ['group-1'] } },
      { method: 'POST', path: '/api/incidents/option/', body: { field: 'a', value: 'High' } },
    ]);
  });

  it('wraps templates as the spec says ({data} to create, {incident_template} to change) and lists them closed', async () => {
    const { api, calls } = stubSettingsApi({
      'GET /api/incidents/incident_template/': () => [template],
      'POST /api/incidents/incident_template/': () => template,
      'PUT /api/incidents/incident_template/:id/': () => template,
    });
    const settings = incidentSettingsApi(api);
    const fields = { name: 'Power cut', form: 'form-1' };

    expect((await settings.templates())[0]!.is_open).toBe(false);
    expect((await settings.createTemplate(fields)).is_open).toBe(false);
    await settings.changeTemplate('template-1', fields);

    expect(calls[1]).toEqual({ method: 'POST', path: '/api/incidents/incident_template/', body: { data: fields } });
    expect(calls[2]).toEqual({ method: 'PUT', path: '/api/incidents/incident_template/template-1/', body: { incident_template: fields } });
  });

  it('puts a rule’s form and id in its path', async () => {
    const { api, calls } = stubSettingsApi({ 'PATCH /api/incidents/form/:form/rules/:id/': ({ body }) => body });

    await incidentSettingsApi(api).moveFormRule('form 1', 'rule-1', 'b');

    expect(calls[0]).toEqual({ method: 'PATCH', path: '/api/incidents/form/form%201/rules/rule-1/', body: { order: 'b' } });
  });
});
