import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { incidentSettingsDecider } from './incident-settings.decide';
import { createField, createForm, createGroup, createRule, createTemplate, errorOf, historyOf, stateOf } from './incident-settings.fixtures';

const decider = incidentSettingsDecider;

describe('incident forms', () => {
  it('creates forms one after the other, names trimmed', () => {
    expect(given(decider, []).when(createForm('a', ' Flood '))).toEqual([
      { type: 'IncidentFormCreated', data: { form: { id: 'a', name: 'Flood', order: 'zzzzz' } } },
    ]);
    expect(given(decider, historyOf(createForm('a', 'Flood'))).when(createForm('b', 'Fire'))[0].data).toMatchObject({ form: { order: 'zzzzzm' } });
  });

  it('refuses a blank, over-long or non-text name and a name the organisation already has (ignoring case)', () => {
    const history = historyOf(createForm('a', 'Flood'));
    expect(errorOf(() => given(decider, history).when(createForm('b', 'FLOOD'))).fields).toEqual({ name: ['A form with this name already exists.'] });
    expect(errorOf(() => given(decider, history).when(createForm('b', ''))).fields).toEqual({ name: ['This field may not be blank.'] });
    expect(errorOf(() => given(decider, history).when(createForm('b', 'x'.repeat(101)))).fields).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
    });
  });

  it('renames a form (its own name in another case is fine) and moves it', () => {
    const history = historyOf(createForm('a', 'Flood'), createForm('b', 'Fire'));
    expect(given(decider, history).when({ type: 'RenameIncidentForm', data: { formId: 'a', name: 'FLOOD' } })).toEqual([
      { type: 'IncidentFormRenamed', data: { formId: 'a', name: 'FLOOD' } },
    ]);
    expect(errorOf(() => given(decider, history).when({ type: 'RenameIncidentForm', data: { formId: 'a', name: 'fire' } })).fields).toEqual({
      name: ['A form with this name already exists.'],
    });
    expect(given(decider, history).when({ type: 'MoveIncidentForm', data: { formId: 'b', order: 'm' } })).toEqual([
      { type: 'IncidentFormMoved', data: { formId: 'b', order: 'm' } },
    ]);
    expect(errorOf(() => given(decider, history).when({ type: 'RenameIncidentForm', data: { formId: 'x', name: 'A' } })).kind).toBe('not_found');
  });

  it('deletes a form with its field groups and rules', () => {
    const history = historyOf(
      createField('f', 'F'),
      createForm('a', 'Flood'),
      createForm('b', 'Fire'),
      createGroup('g1', 'a', ['f']),
      createGroup('g2', 'b', ['f']),
      createRule('r1', 'a', 'f'),
    );
    const events = given(decider, history).when({ type: 'DeleteIncidentForm', data: { formId: 'a' } });
    expect(events).toEqual([{ type: 'IncidentFormDeleted', data: { formId: 'a', fieldGroupIds: ['g1'], ruleIds: ['r1'] } }]);
    const state = stateOf([...history, ...events]);
    expect([...state.forms.keys()]).toEqual(['b']);
    expect([...state.fieldGroups.keys()]).toEqual(['g2']);
    expect(state.rules.size).toBe(0);
  });

  it('refuses to delete a form templates are built on', () => {
    const history = historyOf(createForm('a', 'Flood'), createTemplate('t', { name: 'River', form: 'a' }));
    const error = errorOf(() => given(decider, history).when({ type: 'DeleteIncidentForm', data: { formId: 'a' } }));
    expect(error.fields).toEqual({ templates: ['River'] });
  });
});

describe('field groups', () => {
  const base = historyOf(createField('f1', 'Location'), createField('f2', 'Photo', 'ATTACHMENT'), createForm('form', 'Flood'), createForm('other', 'Fire'));

  it('creates a group with its fields; the order follows the last group of the same form', () => {
    expect(given(decider, base).when(createGroup('g1', 'form', ['f1'], { title: ' Where ' }))).toEqual([
      {
        type: 'FieldGroupCreated',
        data: {
          fieldGroup: {
            id: 'g1',
            title: 'Where',
            content: '',
            form: 'form',
            order: 'zzzzz',
            display_conditions: [],
            form_field_mappings: [{ field: 'f1', is_required: false }],
          },
        },
      },
    ]);
    const withGroup = [...base, ...given(decider, base).when(createGroup('g1', 'form', ['f1']))];
    expect(given(decider, withGroup).when(createGroup('g2', 'form', []))[0].data).toMatchObject({ fieldGroup: { order: 'zzzzzm' } });
    expect(given(decider, withGroup).when(createGroup('g3', 'other', []))[0].data).toMatchObject({ fieldGroup: { order: 'zzzzz' } });
  });

  it('checks title, form and mappings: existing fields only, each once', () => {
    const command = {
      type: 'CreateFieldGroup' as const,
      data: {
        fieldGroupId: 'g1',
        title: '',
        form: 'nope',
        form_field_mappings: [{ field: 'f1' }, { field: 'f1' }, { field: 'zz' }, 'f2', { field: 'f2', is_required: 'yes' }],
      },
    };
    expect(errorOf(() => given(decider, base).when(command)).fields).toEqual({
      title: ['This field may not be blank.'],
      form: ['Invalid pk "nope" - object does not exist.'],
      form_field_mappings: [
        'The field "Location" is in this group twice.',
        'Field 3: Invalid pk "zz" - object does not exist.',
        "Field 4: expected {field, is_required} with the field's id.",
        'Field 5: is_required: Must be a valid boolean.',
      ],
    });
  });

  it('checks display conditions and completes them', () => {
    const conditions = [
      { type: 'state', value: 'Active' },
      { type: 'permission', values: ['admin', 'OPERATOR'] },
      { type: 'field', field_id: 'f1', value: 'River', field_type: 'NUMBER' },
      { type: 'field', field_id: 'f2' },
    ];
    const [event] = given(decider, base).when(createGroup('g1', 'form', ['f1'], { display_conditions: conditions }));
    expect(event.data).toMatchObject({
      fieldGroup: {
        display_conditions: [
          { type: 'state', value: 'active', values: null, field_id: null, field_type: null, field_group_id: 'g1' },
          { type: 'permission', value: null, values: ['ADMIN', 'OPERATOR'], field_id: null, field_type: null, field_group_id: 'g1' },
          { type: 'field', value: 'River', values: null, field_id: 'f1', field_type: 'TEXT', field_group_id: 'g1' },
          { type: 'field', value: null, values: null, field_id: 'f2', field_type: 'ATTACHMENT', field_group_id: 'g1' },
        ],
      },
    });
  });

  it.each([
    [{ type: 'weather', value: 'x' }, 'Condition 1: the type must be one of state, permission, field.'],
    [{ type: 'state', value: 'open' }, 'Condition 1: "open" is not a state (one of draft, active, monitoring, resolved, closed).'],
    [{ type: 'state' }, 'Condition 1: choose the state.'],
    [{ type: 'permission', value: 'ROOT' }, 'Condition 1: "ROOT" is not a permission (one of ADMIN, OPERATOR, SENDER, CONTACT, DATA).'],
    [{ type: 'field', value: 'x' }, 'Condition 1: choose the field the condition looks at.'],
    [{ type: 'field', field_id: 'zz', value: 'x' }, 'Condition 1: the field "zz" does not exist.'],
    [{ type: 'field', field_id: 'f1' }, 'Condition 1: enter the value of "Location" that shows the group.'],
    [{ type: 'field', field_id: 'f1', value: { a: 1 } }, 'Condition 1: the value must be a text, a number or true/false.'],
    [{ type: 'state', values: 'active' }, 'Condition 1: values must be a list of texts, numbers or true/false.'],
    ['state', 'Condition 1: expected an object.'],
  ])('refuses the condition %j', (condition, message) => {
    expect(errorOf(() => given(decider, base).when(createGroup('g1', 'form', [], { display_conditions: [condition] }))).fields).toEqual({
      display_conditions: [message],
    });
  });

  it('changes a group keeping its order, and moves it', () => {
    const history = [...base, ...given(decider, base).when(createGroup('g1', 'form', ['f1']))];
    const events = given(decider, history).when({
      type: 'ChangeFieldGroup',
      data: { fieldGroupId: 'g1', title: 'New', form: 'form', content: '<p>Hi</p>', form_field_mappings: [{ field: 'f2', is_required: true }] },
    });
    expect(events).toEqual([
      {
        type: 'FieldGroupChanged',
        data: {
          previousFormId: 'form',
          fieldGroup: {
            id: 'g1',
            title: 'New',
            content: '<p>Hi</p>',
            form: 'form',
            order: 'zzzzz',
            display_conditions: [],
            form_field_mappings: [{ field: 'f2', is_required: true }],
          },
        },
      },
    ]);
    expect(given(decider, history).when({ type: 'ChangeFieldGroup', data: { fieldGroupId: 'g1', title: 'Group g1', form: 'form', form_field_mappings: [{ field: 'f1', is_required: false }] } })).toEqual([]);
    expect(given(decider, history).when({ type: 'MoveFieldGroup', data: { fieldGroupId: 'g1', order: 'b' } })).toEqual([
      { type: 'FieldGroupMoved', data: { fieldGroupId: 'g1', formId: 'form', order: 'b' } },
    ]);
    expect(given(decider, history).when({ type: 'DeleteFieldGroup', data: { fieldGroupId: 'g1' } })).toEqual([
      { type: 'FieldGroupDeleted', data: { fieldGroupId: 'g1', formId: 'form' } },
    ]);
    expect(errorOf(() => given(decider, history).when({ type: 'DeleteFieldGroup', data: { fieldGroupId: 'zz' } })).kind).toBe('not_found');
  });

  it('removes a field’s conditions from the groups named; unknown groups are refused', () => {
    const history = [
      ...base,
      ...given(decider, base).when(createGroup('g1', 'form', [], { display_conditions: [{ type: 'field', field_id: 'f2' }, { type: 'state', value: 'active' }] })),
    ];
    const events = given(decider, history).when({ type: 'DeleteFieldDisplayConditions', data: { fieldId: 'f2', field_group_ids: ['g1'] } });
    expect(events).toEqual([{ type: 'FieldDisplayConditionsDeleted', data: { fieldId: 'f2', fieldGroupIds: ['g1'] } }]);
    expect(stateOf([...history, ...events]).fieldGroups.get('g1')!.display_conditions).toEqual([
      { type: 'state', value: 'active', values: null, field_id: null, field_type: null, field_group_id: 'g1' },
    ]);
    expect(given(decider, history).when({ type: 'DeleteFieldDisplayConditions', data: { fieldId: 'f1', field_group_ids: ['g1'] } })).toEqual([]);
    expect(errorOf(() => given(decider, history).when({ type: 'DeleteFieldDisplayConditions', data: { fieldId: 'f2', field_group_ids: ['zz'] } })).fields).toEqual({
      field_group_ids: ['Invalid pk "zz" - object does not exist.'],
    });
  });
});
