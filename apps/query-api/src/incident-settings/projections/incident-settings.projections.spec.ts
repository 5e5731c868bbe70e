import { describe, expect, it } from '@jest/globals';
import {
  incidentSettingsDecider,
  type IncidentFieldType,
  type IncidentSettingsCommand,
  type IncidentSettingsEvent,
  type IncidentSettingsState,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { SYSTEM_TENANT, type Document } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { INCIDENT_FIELD_GROUPS, fieldGroupsProjection } from './field-groups.projection';
import { INCIDENT_FORM_RULES, formRulesProjection } from './form-rules.projection';
import { INCIDENT_FIELDS, incidentFieldsProjection } from './incident-fields.projection';
import { INCIDENT_FORMS, incidentFormsProjection } from './incident-forms.projection';
import { INCIDENT_TEMPLATE_SUBDOMAINS, INCIDENT_TEMPLATES, incidentTemplatesProjection } from './incident-templates.projection';

/** The events the commands record, one after the other, as one organisation's settings stream. */
function recordedFor(tenantId: string, commands: IncidentSettingsCommand[]): RecordedEvent[] {
  let state: IncidentSettingsState = incidentSettingsDecider.initialState();
  const events: IncidentSettingsEvent[] = [];
  for (const command of commands) {
    const decided = incidentSettingsDecider.decide(command, state);
    state = decided.reduce(incidentSettingsDecider.evolve, state);
    events.push(...decided);
  }
  return events.map((event, index) => ({
    id: `${tenantId}-${index}`,
    type: event.type,
    data: event.data,
    metadata: { tenantId },
    streamName: `incident_settings-${tenantId}`,
    revision: index,
    position: index + 1,
    recordedAt: '2026-01-01T10:00:00.000Z',
  }));
}

type Store = Map<string, Document>;

/** Applies the projection's changes as the runner would, keyed by tenant/collection/id. */
function apply(projection: ProjectionDefinition, events: RecordedEvent[], store: Store = new Map()): Store {
  for (const event of events)
    for (const change of projection.project(event)) {
      expect(projection.collections).toContain(change.collection);
      const key = `${change.tenantId}/${change.collection}/${change.id}`;
      const next = change.apply(store.get(key) ?? null);
      if (next) store.set(key, next);
      else store.delete(key);
    }
  return store;
}

const doc = (store: Store, collection: string, id: string, tenant = 'org') => store.get(`${tenant}/${collection}/${id}`);
const ids = (store: Store, collection: string) =>
  [...store.keys()].filter((key) => key.split('/')[1] === collection).map((key) => key.split('/')[2]);

const field = (fieldId: string, label: string, field_type: IncidentFieldType = 'TEXT'): IncidentSettingsCommand => ({ type: 'CreateIncidentField', data: { fieldId, label, field_type } });
const form = (formId: string, name: string): IncidentSettingsCommand => ({ type: 'CreateIncidentForm', data: { formId, name } });
const group = (fieldGroupId: string, formId: string, fieldIds: string[], display_conditions: unknown[] = []): IncidentSettingsCommand => ({
  type: 'CreateFieldGroup',
  data: { fieldGroupId, title: fieldGroupId, form: formId, form_field_mappings: fieldIds.map((f) => ({ field: f })), display_conditions },
});
const option = (optionId: string, fieldId: string, value: string): IncidentSettingsCommand => ({ type: 'AddFieldChoiceOption', data: { optionId, field: fieldId, value } });
const rule = (ruleId: string, formId: string, forField: string): IncidentSettingsCommand => ({
  type: 'CreateFormRule',
  data: { ruleId, formId, for_field: forField, type: 'max_length', value: '5', message: 'Too long.' },
});

describe('incident fields projection', () => {
  it('keeps each field with its options as they are added, changed and deleted', () => {
    const store = apply(
      incidentFieldsProjection,
      recordedFor('org', [
        field('sev', 'Severity', 'SINGLESELECT'),
        option('o1', 'sev', 'High'),
        option('o2', 'sev', 'Low'),
        { type: 'ChangeFieldChoiceOption', data: { optionId: 'o2', value: 'Lowest' } },
        { type: 'DeleteFieldChoiceOption', data: { optionId: 'o1' } },
        { type: 'MoveIncidentField', data: { fieldId: 'sev', order: 'b' } },
      ]),
    );
    expect(doc(store, INCIDENT_FIELDS, 'sev')).toEqual({
      _id: 'sev',
      id: 'sev',
      label: 'Severity',
      field_type: 'SINGLESELECT',
      is_pii: false,
      order: 'b',
      options: [{ id: 'o2', field: 'sev', value: 'Lowest' }],
    });
  });

  it('drops the options of a field that stops being a choice field, and removes deleted fields', () => {
    const store = apply(
      incidentFieldsProjection,
      recordedFor('org', [
        field('sev', 'Severity', 'MULTISELECT'),
        option('o1', 'sev', 'High'),
        { type: 'ChangeIncidentField', data: { fieldId: 'sev', label: 'Severity', field_type: 'NUMBER' } },
        field('gone', 'Gone'),
        { type: 'DeleteIncidentField', data: { fieldId: 'gone' } },
      ]),
    );
    expect(doc(store, INCIDENT_FIELDS, 'sev')).toMatchObject({ field_type: 'NUMBER', options: [] });
    expect(ids(store, INCIDENT_FIELDS)).toEqual(['sev']);
  });
});

describe('incident forms, field groups and rules projections', () => {
  const history = recordedFor('org', [
    field('a', 'A', 'CHECKBOX'),
    field('b', 'B'),
    form('f1', 'Flood'),
    form('f2', 'Fire'),
    group('g1', 'f1', ['a', 'b']),
    group('g2', 'f1', ['b'], [{ type: 'field', field_id: 'a' }, { type: 'state', value: 'active' }]),
    group('g3', 'f2', ['b']),
    rule('r1', 'f1', 'b'),
    rule('r2', 'f2', 'b'),
    { type: 'RenameIncidentForm', data: { formId: 'f2', name: 'Wildfire' } },
    { type: 'ChangeIncidentField', data: { fieldId: 'a', label: 'A', field_type: 'TEXT' } },
  ]);

  it('follows forms, groups and rules; a field type change reaches the conditions on it', () => {
    const forms = apply(incidentFormsProjection, history);
    expect(doc(forms, INCIDENT_FORMS, 'f2')).toEqual({ _id: 'f2', id: 'f2', name: 'Wildfire', order: 'zzzzzm' });
    const groups = apply(fieldGroupsProjection, history);
    expect(doc(groups, INCIDENT_FIELD_GROUPS, 'g2')).toMatchObject({
      form: 'f1',
      display_conditions: [
        { type: 'field', field_id: 'a', field_type: 'TEXT', value: null },
        { type: 'state', value: 'active' },
      ],
    });
    expect(ids(apply(formRulesProjection, history), INCIDENT_FORM_RULES)).toEqual(['r1', 'r2']);
  });

  it('removes a deleted field from the groups mapping it, after its conditions are gone', () => {
    const more = recordedFor('org', [
      field('a', 'A', 'CHECKBOX'),
      field('b', 'B'),
      form('f1', 'Flood'),
      group('g1', 'f1', ['a', 'b']),
      group('g2', 'f1', ['b'], [{ type: 'field', field_id: 'a' }]),
      { type: 'DeleteFieldDisplayConditions', data: { fieldId: 'a', field_group_ids: ['g2'] } },
      { type: 'DeleteIncidentField', data: { fieldId: 'a' } },
    ]);
    const groups = apply(fieldGroupsProjection, more);
    expect(doc(groups, INCIDENT_FIELD_GROUPS, 'g1')).toMatchObject({ form_field_mappings: [{ field: 'b', is_required: false }] });
    expect(doc(groups, INCIDENT_FIELD_GROUPS, 'g2')).toMatchObject({ display_conditions: [] });
  });

  it('deletes a form with its groups and rules, leaving the other form as it is', () => {
    const deleted = recordedFor('org', [
      field('b', 'B'),
      form('f1', 'Flood'),
      form('f2', 'Fire'),
      group('g1', 'f1', ['b']),
      group('g3', 'f2', ['b']),
      rule('r1', 'f1', 'b'),
      rule('r2', 'f2', 'b'),
      { type: 'DeleteIncidentForm', data: { formId: 'f1' } },
    ]);
    expect(ids(apply(incidentFormsProjection, deleted), INCIDENT_FORMS)).toEqual(['f2']);
    expect(ids(apply(fieldGroupsProjection, deleted), INCIDENT_FIELD_GROUPS)).toEqual(['g3']);
    expect(ids(apply(formRulesProjection, deleted), INCIDENT_FORM_RULES)).toEqual(['r2']);
  });
});

describe('incident templates projection', () => {
  const base: IncidentSettingsCommand[] = [form('f1', 'Flood')];
  const template = (templateId: string, subdomain: string): IncidentSettingsCommand => ({
    type: 'CreateIncidentTemplate',
    data: { templateId, template: { name: templateId, form: 'f1', subdomain } },
  });

  it('keeps templates per organisation and their subdomains platform-wide', () => {
    const store = apply(incidentTemplatesProjection, recordedFor('org', [...base, template('t1', 'river')]));
    expect(doc(store, INCIDENT_TEMPLATES, 't1')).toMatchObject({ _id: 't1', id: 't1', subdomain: 'river', template_branding: { label_color: '#1976d2' } });
    expect(doc(store, INCIDENT_TEMPLATE_SUBDOMAINS, 'river', SYSTEM_TENANT)).toEqual({ _id: 'river', root_id: 'org', template_id: 't1' });
  });

  it('moves the subdomain entry when a template changes it, and removes it when the template goes', () => {
    const changed = apply(
      incidentTemplatesProjection,
      recordedFor('org', [...base, template('t1', 'river'), { type: 'ChangeIncidentTemplate', data: { templateId: 't1', template: { name: 't1', form: 'f1', subdomain: 'lake' } } }]),
    );
    expect(doc(changed, INCIDENT_TEMPLATE_SUBDOMAINS, 'river', SYSTEM_TENANT)).toBeUndefined();
    expect(doc(changed, INCIDENT_TEMPLATE_SUBDOMAINS, 'lake', SYSTEM_TENANT)).toEqual({ _id: 'lake', root_id: 'org', template_id: 't1' });
    const deleted = apply(incidentTemplatesProjection, recordedFor('org', [...base, template('t1', 'river'), { type: 'DeleteIncidentTemplate', data: { templateId: 't1' } }]));
    expect(ids(deleted, INCIDENT_TEMPLATES)).toEqual([]);
    expect(ids(deleted, INCIDENT_TEMPLATE_SUBDOMAINS)).toEqual([]);
  });

  it("never removes another organisation's entry for the same subdomain", () => {
    const ours = recordedFor('org', [...base, template('t1', 'river'), { type: 'DeleteIncidentTemplate', data: { templateId: 't1' } }]);
    const theirs = recordedFor('other', [...base, template('t9', 'river')]);
    // Another organisation took the subdomain up before our deletion reached the read model.
    const store = apply(incidentTemplatesProjection, [...ours.slice(0, -1), ...theirs, ...ours.slice(-1)]);
    expect(doc(store, INCIDENT_TEMPLATE_SUBDOMAINS, 'river', SYSTEM_TENANT)).toEqual({ _id: 'river', root_id: 'other', template_id: 't9' });
  });
});
