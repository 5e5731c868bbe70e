import { describe, expect, it } from '@jest/globals';
import { NOT_A_BOOLEAN, Refused } from '../shared/field-messages';
import { given } from '../shared/given-when-then';
import { incidentSettingsDecider } from './incident-settings.decide';
import { addOption, createField, createForm, createGroup, createRule, errorOf, historyOf, stateOf } from './incident-settings.fixtures';
import { incidentFieldView } from './incident-settings.views';

const decider = incidentSettingsDecider;

describe('incident fields', () => {
  it('creates a field with a trimmed label, not PII by default, after the last field', () => {
    expect(given(decider, []).when(createField('f1', '  Location ', 'TEXT'))).toEqual([
      { type: 'IncidentFieldCreated', data: { field: { id: 'f1', label: 'Location', field_type: 'TEXT', is_pii: false, order: 'zzzzz' } } },
    ]);
    const [event] = given(decider, historyOf(createField('f1', 'A'))).when(createField('f2', 'B', 'NUMBER', { is_pii: true }));
    expect(event).toEqual({
      type: 'IncidentFieldCreated',
      data: { field: { id: 'f2', label: 'B', field_type: 'NUMBER', is_pii: true, order: 'zzzzzm' } },
    });
  });

  it('keeps an order the caller gives', () => {
    const [event] = given(decider, []).when(createField('f1', 'A', 'TEXT', { order: 'abc' }));
    expect(event.data).toMatchObject({ field: { order: 'abc' } });
  });

  it('answers the messages of values the edge refused along with its own', () => {
    expect(errorOf(() => given(decider, []).when(createField('f1', '  ', 'TEXT', { is_pii: new Refused([NOT_A_BOOLEAN]) }))).fields).toEqual({
      label: ['This field may not be blank.'],
      is_pii: ['Must be a valid boolean.'],
    });
  });

  it('answers a message per invalid value', () => {
    expect(errorOf(() => given(decider, []).when(createField('f1', '  ', 'TEXT', { order: 'ABC' }))).fields).toEqual({
      label: ['This field may not be blank.'],
      order: ['An ordering key is a non-empty string of lowercase letters a-z.'],
    });
    expect(errorOf(() => given(decider, []).when(createField('f1', 'x'.repeat(101)))).fields).toEqual({
      label: ['Ensure this field has no more than 100 characters.'],
    });
    expect(given(decider, []).when(createField('f1', 'x'.repeat(100)))).toHaveLength(1);
  });

  it('changes a field, and drops its options when it stops being a choice field', () => {
    const history = historyOf(createField('f1', 'Severity', 'SINGLESELECT'), addOption('o1', 'f1', 'High'), addOption('o2', 'f1', 'Low'));
    expect(given(decider, history).when({ type: 'ChangeIncidentField', data: { fieldId: 'f1', label: 'Level', field_type: 'MULTISELECT' } })).toEqual([
      {
        type: 'IncidentFieldChanged',
        data: {
          field: { id: 'f1', label: 'Level', field_type: 'MULTISELECT', is_pii: false, order: 'zzzzz' },
          droppedOptionIds: [],
          conditionFieldGroupIds: [],
        },
      },
    ]);
    const events = given(decider, history).when({ type: 'ChangeIncidentField', data: { fieldId: 'f1', label: 'Severity', field_type: 'TEXT' } });
    expect(events[0].data).toMatchObject({ droppedOptionIds: ['o1', 'o2'] });
    const state = stateOf([...history, ...events]);
    expect(incidentFieldView(state, state.fields.get('f1')!).options).toEqual([]);
  });

  it('keeps display conditions on a field in step with its type', () => {
    const history = historyOf(
      createField('f1', 'Flag', 'CHECKBOX'),
      createField('f2', 'Other'),
      createForm('form', 'Form'),
      createGroup('g1', 'form', ['f2'], { display_conditions: [{ type: 'field', field_id: 'f1', value: 'Yes' }] }),
    );
    const events = given(decider, history).when({ type: 'ChangeIncidentField', data: { fieldId: 'f1', label: 'Flag', field_type: 'TEXT' } });
    expect(events[0].data).toMatchObject({ conditionFieldGroupIds: ['g1'] });
    expect(stateOf([...history, ...events]).fieldGroups.get('g1')!.display_conditions[0]).toMatchObject({ field_id: 'f1', field_type: 'TEXT' });
  });

  it('records nothing for a change that changes nothing, and 404 for an unknown field', () => {
    const history = historyOf(createField('f1', 'A'));
    expect(given(decider, history).when({ type: 'ChangeIncidentField', data: { fieldId: 'f1', label: ' A ', field_type: 'TEXT' } })).toEqual([]);
    expect(errorOf(() => given(decider, history).when({ type: 'ChangeIncidentField', data: { fieldId: 'nope', label: 'A', field_type: 'TEXT' } }))).toMatchObject({
      kind: 'not_found',
      message: 'Not found.',
    });
  });

  it('moves a field; the order is required and must be a key', () => {
    const history = historyOf(createField('f1', 'A'));
    expect(given(decider, history).when({ type: 'MoveIncidentField', data: { fieldId: 'f1', order: 'b' } })).toEqual([
      { type: 'IncidentFieldMoved', data: { fieldId: 'f1', order: 'b' } },
    ]);
    expect(given(decider, history).when({ type: 'MoveIncidentField', data: { fieldId: 'f1', order: 'zzzzz' } })).toEqual([]);
    expect(errorOf(() => given(decider, history).when({ type: 'MoveIncidentField', data: { fieldId: 'f1', order: 'B' } })).fields).toEqual({
      order: ['An ordering key is a non-empty string of lowercase letters a-z.'],
    });
  });
});

describe('deleting a field', () => {
  const used = historyOf(
    createField('f1', 'Location'),
    createField('f2', 'Other'),
    createForm('form', 'Flood'),
    createGroup('g1', 'form', ['f1', 'f2']),
    createGroup('g2', 'form', ['f2'], { title: 'Details', display_conditions: [{ type: 'field', field_id: 'f1', value: 'Here' }] }),
    createRule('r1', 'form', 'f1', { name: 'Short' }),
  );

  it('is refused while rules or display conditions use it, naming them', () => {
    const error = errorOf(() => given(decider, used).when({ type: 'DeleteIncidentField', data: { fieldId: 'f1' } }));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('This field is still used by form rules or display conditions. Delete them first.');
    expect(error.fields).toEqual({
      rules: ['Rule "Short" of the form "Flood"'],
      conditions: ['Field group "Details" of the form "Flood"'],
    });
  });

  it('goes after its rules and conditions, taking its mappings and options with it', () => {
    const cleared = [
      ...used,
      ...given(decider, used).when({ type: 'DeleteFieldRules', data: { fieldId: 'f1', rules: ['r1'] } }),
    ];
    const conditionsGone = [
      ...cleared,
      ...given(decider, cleared).when({ type: 'DeleteFieldDisplayConditions', data: { fieldId: 'f1', field_group_ids: ['g2'] } }),
    ];
    expect(stateOf(conditionsGone).fieldGroups.get('g2')!.display_conditions).toEqual([]);
    const events = given(decider, conditionsGone).when({ type: 'DeleteIncidentField', data: { fieldId: 'f1' } });
    expect(events).toEqual([{ type: 'IncidentFieldDeleted', data: { fieldId: 'f1', optionIds: [], fieldGroupIds: ['g1'] } }]);
    const state = stateOf([...conditionsGone, ...events]);
    expect(state.fields.get('f1')).toBeUndefined();
    expect(state.fieldGroups.get('g1')!.form_field_mappings).toEqual([{ field: 'f2', is_required: false }]);
  });

  it('answers 404 for an unknown field', () => {
    expect(errorOf(() => given(decider, used).when({ type: 'DeleteIncidentField', data: { fieldId: 'x' } })).kind).toBe('not_found');
  });
});

describe('choice options', () => {
  const choice = historyOf(createField('f1', 'Severity', 'SINGLESELECT'), createField('t', 'Text'), addOption('o1', 'f1', 'High'));

  it('adds an option with a trimmed value to a choice field', () => {
    expect(given(decider, choice).when(addOption('o2', 'f1', ' Low '))).toEqual([
      { type: 'FieldChoiceOptionAdded', data: { option: { id: 'o2', field: 'f1', value: 'Low' } } },
    ]);
  });

  it('refuses options on other field types, unknown fields, blank and duplicate values (ignoring case)', () => {
    expect(errorOf(() => given(decider, choice).when(addOption('o2', 't', 'X'))).fields).toEqual({
      field: ['Options can only be added to SINGLESELECT and MULTISELECT fields.'],
    });
    expect(errorOf(() => given(decider, choice).when(addOption('o2', 'nope', 'X'))).fields).toEqual({
      field: ['Invalid pk "nope" - object does not exist.'],
    });
    expect(errorOf(() => given(decider, choice).when(addOption('o2', 'f1', 'high'))).fields).toEqual({
      value: ['This field already has an option with this value.'],
    });
    expect(errorOf(() => given(decider, choice).when({ type: 'AddFieldChoiceOption', data: { optionId: 'o2', field: ' ', value: ' ' } })).fields).toEqual({
      field: ['This field may not be blank.'],
      value: ['This field may not be blank.'],
    });
  });

  it('changes an option, which keeps its field; its own value (other case) is fine', () => {
    expect(given(decider, choice).when({ type: 'ChangeFieldChoiceOption', data: { optionId: 'o1', field: 'f1', value: 'HIGH' } })).toEqual([
      { type: 'FieldChoiceOptionChanged', data: { option: { id: 'o1', field: 'f1', value: 'HIGH' } } },
    ]);
    expect(errorOf(() => given(decider, choice).when({ type: 'ChangeFieldChoiceOption', data: { optionId: 'o1', field: 't', value: 'x' } })).fields).toEqual({
      field: ['An option cannot move to another field.'],
    });
    expect(errorOf(() => given(decider, choice).when({ type: 'ChangeFieldChoiceOption', data: { optionId: 'zz', value: 'x' } })).kind).toBe('not_found');
  });

  it('deletes an option', () => {
    expect(given(decider, choice).when({ type: 'DeleteFieldChoiceOption', data: { optionId: 'o1' } })).toEqual([
      { type: 'FieldChoiceOptionDeleted', data: { optionId: 'o1', fieldId: 'f1' } },
    ]);
    expect(errorOf(() => given(decider, choice).when({ type: 'DeleteFieldChoiceOption', data: { optionId: 'o9' } })).kind).toBe('not_found');
  });
});
