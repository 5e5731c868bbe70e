import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { given } from '../shared/given-when-then';
import { incidentFormSnapshot, incidentTemplateOf } from './form-snapshot';
import type { IncidentSettingsCommand } from './incident-settings.commands';
import { incidentSettingsDecider } from './incident-settings.decide';
import { addOption, createField, createForm, createGroup, createRule, createTemplate, historyOf, stateOf } from './incident-settings.fixtures';

/**
 * Ids named like what every plain object inherits are unknown ids like any other: each command
 * answers one exactly as it answers an id the organisation does not have (the message naming it),
 * and records nothing.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const UNKNOWN = 'no-such-id';

const decider = incidentSettingsDecider;

const history = historyOf(
  createField('f1', 'Location'),
  createField('f2', 'Severity', 'SINGLESELECT'),
  addOption('o1', 'f2', 'High'),
  createForm('form', 'Flood'),
  createGroup('g1', 'form', ['f1', 'f2'], { display_conditions: [{ type: 'field', field_id: 'f2', value: 'o1' }] }),
  createRule('r1', 'form', 'f1'),
  createTemplate('t1', { name: 'River', form: 'form' }),
);

/** What a command decides: its events, or its error with the id in the messages written as `{id}`. */
function outcome(command: IncidentSettingsCommand, id: string): unknown {
  try {
    return { events: given(decider, history).when(command) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return JSON.parse(JSON.stringify({ kind: error.kind, message: error.message, fields: error.fields }).split(id).join('{id}'));
  }
}

const rule = { type: 'max_length', value: '10', message: 'Too long.' } as const;

/** Each command that names an id, with `id` in that place and every other id real. */
const COMMANDS: Record<string, (id: string) => IncidentSettingsCommand> = {
  'change a field': (id) => ({ type: 'ChangeIncidentField', data: { fieldId: id, label: 'Place', field_type: 'TEXT' } }),
  'move a field': (id) => ({ type: 'MoveIncidentField', data: { fieldId: id, order: 'n' } }),
  'delete a field': (id) => ({ type: 'DeleteIncidentField', data: { fieldId: id } }),
  'add an option to a field': (id) => addOption('o2', id, 'Low'),
  'change an option': (id) => ({ type: 'ChangeFieldChoiceOption', data: { optionId: id, value: 'Low' } }),
  'delete an option': (id) => ({ type: 'DeleteFieldChoiceOption', data: { optionId: id } }),
  'rename a form': (id) => ({ type: 'RenameIncidentForm', data: { formId: id, name: 'Fire' } }),
  'move a form': (id) => ({ type: 'MoveIncidentForm', data: { formId: id, order: 'n' } }),
  'delete a form': (id) => ({ type: 'DeleteIncidentForm', data: { formId: id } }),
  'create a field group on a form': (id) => createGroup('g2', id, []),
  'map a field in a group': (id) => createGroup('g2', 'form', [id]),
  'look at a field in a display condition': (id) => createGroup('g2', 'form', [], { display_conditions: [{ type: 'field', field_id: id, value: 'x' }] }),
  'change a field group': (id) => ({ type: 'ChangeFieldGroup', data: { fieldGroupId: id, title: 'Details', form: 'form' } }),
  'move a field group': (id) => ({ type: 'MoveFieldGroup', data: { fieldGroupId: id, order: 'n' } }),
  'delete a field group': (id) => ({ type: 'DeleteFieldGroup', data: { fieldGroupId: id } }),
  'delete display conditions of a field': (id) => ({ type: 'DeleteFieldDisplayConditions', data: { fieldId: id, field_group_ids: ['g1'] } }),
  'delete display conditions in a group': (id) => ({ type: 'DeleteFieldDisplayConditions', data: { fieldId: 'f2', field_group_ids: [id] } }),
  'create a rule on a form': (id) => createRule('r2', id, 'f1'),
  'create a rule for a field': (id) => createRule('r2', 'form', id),
  'change a rule': (id) => ({ type: 'ChangeFormRule', data: { ruleId: id, formId: 'form', for_field: 'f1', ...rule } }),
  'change a rule of a form': (id) => ({ type: 'ChangeFormRule', data: { ruleId: 'r1', formId: id, for_field: 'f1', ...rule } }),
  'move a rule': (id) => ({ type: 'MoveFormRule', data: { ruleId: id, formId: 'form', order: 'n' } }),
  'delete a rule': (id) => ({ type: 'DeleteFormRule', data: { ruleId: id, formId: 'form' } }),
  'delete rules of a field': (id) => ({ type: 'DeleteFieldRules', data: { fieldId: id, rules: ['r1'] } }),
  'delete a rule of a field': (id) => ({ type: 'DeleteFieldRules', data: { fieldId: 'f1', rules: [id] } }),
  'create a template on a form': (id) => createTemplate('t2', { name: 'Sea', form: id }),
  'preset a field in a template': (id) => createTemplate('t2', { name: 'Sea', form: 'form', field_values: [{ field: id, field_group: 'g1', values: ['x'] }] }),
  'preset a group in a template': (id) => createTemplate('t2', { name: 'Sea', form: 'form', field_values: [{ field: 'f1', field_group: id, values: ['x'] }] }),
  'change a template': (id) => ({ type: 'ChangeIncidentTemplate', data: { templateId: id, template: { name: 'Sea', form: 'form' } } }),
  'delete a template': (id) => ({ type: 'DeleteIncidentTemplate', data: { templateId: id } }),
};

describe.each(PROTOTYPE_NAMES.map((name) => [name]))('"%s" as an id of the incident settings', (name) => {
  it.each(Object.entries(COMMANDS))('%s: answered as an unknown id', (_, command) => {
    const unknown = outcome(command(UNKNOWN), UNKNOWN);
    expect(unknown).not.toHaveProperty('events');
    expect(outcome(command(name), name)).toEqual(unknown);
  });

  it('names no form to snapshot and no template to start from', () => {
    const state = stateOf(history);
    expect(incidentFormSnapshot(state, name)).toBeNull();
    expect(incidentTemplateOf(state, name)).toBeNull();
  });
});
