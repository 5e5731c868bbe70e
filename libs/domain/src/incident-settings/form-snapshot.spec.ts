import { describe, expect, it } from '@jest/globals';
import { incidentFormSnapshot, incidentTemplateOf } from './form-snapshot';
import { addOption, createField, createForm, createGroup, createRule, createTemplate, historyOf, stateOf } from './incident-settings.fixtures';

const state = stateOf(
  historyOf(
    createField('f1', 'Location'),
    createField('sev', 'Severity', 'SINGLESELECT', { is_pii: true }),
    createField('unused', 'Unused'),
    addOption('o1', 'sev', 'High'),
    addOption('o2', 'sev', 'Low'),
    createForm('form', 'Flood'),
    createForm('other', 'Fire'),
    createGroup('late', 'form', ['sev'], { order: 'y' }),
    createGroup('early', 'form', ['f1', 'sev'], { order: 'b', display_conditions: [{ type: 'state', value: 'active' }] }),
    createGroup('elsewhere', 'other', ['unused']),
    createRule('r2', 'form', 'f1', { order: 'x' }),
    createRule('r1', 'form', 'sev', { order: 'c', type: 'min_length', value: '1' }),
    createTemplate('t1', { name: 'River', form: 'form', field_values: [{ field: 'f1', field_group: 'early', values: ['Bridge'] }] }),
  ),
);

describe('form snapshot', () => {
  it('holds the form, its groups in order, every mapped field with options, and its rules in order', () => {
    const snapshot = incidentFormSnapshot(state, 'form')!;
    expect(snapshot.id).toBe('form');
    expect(snapshot.name).toBe('Flood');
    expect(snapshot.field_groups.map((group) => group.id)).toEqual(['early', 'late']);
    expect(snapshot.field_groups[0]).toEqual({
      id: 'early',
      title: 'Group early',
      content: '',
      form: 'form',
      order: 'b',
      display_conditions: [{ type: 'state', value: 'active', values: null, field_id: null, field_type: null, field_group_id: 'early' }],
      form_field_mappings: [
        { field: 'f1', is_required: false },
        { field: 'sev', is_required: false },
      ],
    });
    expect(snapshot.fields).toEqual({
      f1: { id: 'f1', label: 'Location', field_type: 'TEXT', is_pii: false, options: [] },
      sev: {
        id: 'sev',
        label: 'Severity',
        field_type: 'SINGLESELECT',
        is_pii: true,
        options: [
          { id: 'o1', field: 'sev', value: 'High' },
          { id: 'o2', field: 'sev', value: 'Low' },
        ],
      },
    });
    expect(snapshot.rules.map((rule) => rule.id)).toEqual(['r1', 'r2']);
  });

  it('is a copy: changing it leaves the settings as they are', () => {
    const snapshot = incidentFormSnapshot(state, 'form')!;
    snapshot.field_groups[0].form_field_mappings.push({ field: 'x', is_required: true });
    snapshot.fields.sev.options.pop();
    expect(incidentFormSnapshot(state, 'form')!.field_groups[0].form_field_mappings).toHaveLength(2);
    expect(incidentFormSnapshot(state, 'form')!.fields.sev.options).toHaveLength(2);
  });

  it('is null for a form the organisation does not have', () => {
    expect(incidentFormSnapshot(state, 'nope')).toBeNull();
  });
});

describe('template lookup', () => {
  it('answers the template with is_open false, or null', () => {
    expect(incidentTemplateOf(state, 't1')).toEqual({
      id: 't1',
      name: 'River',
      form: 'form',
      incident_title: '',
      subdomain: '',
      template_branding: { label_color: '#1976d2' },
      field_values: [{ field: 'f1', field_group: 'early', values: ['Bridge'] }],
      is_open: false,
    });
    expect(incidentTemplateOf(state, 'nope')).toBeNull();
  });

  it('leaves out preset values whose field left the group', () => {
    const changed = stateOf([
      ...historyOf(
        createField('f1', 'Location'),
        createForm('form', 'Flood'),
        createGroup('early', 'form', ['f1']),
        createTemplate('t1', { name: 'River', form: 'form', field_values: [{ field: 'f1', field_group: 'early', values: ['Bridge'] }] }),
        { type: 'ChangeFieldGroup', data: { fieldGroupId: 'early', title: 'Early', form: 'form', form_field_mappings: [] } },
      ),
    ]);
    expect(incidentTemplateOf(changed, 't1')!.field_values).toEqual([]);
  });
});
