import { INCIDENT_FIELD_TYPES, type IncidentFieldType } from '../incident/display-conditions';
import type { Checked } from '../shared/field-messages';
import { notFound, validationError } from '../shared/domain-errors';
import type {
  AddFieldChoiceOption,
  ChangeFieldChoiceOption,
  ChangeIncidentField,
  CreateIncidentField,
  DeleteFieldChoiceOption,
  DeleteIncidentField,
  MoveIncidentField,
} from './incident-settings.commands';
import type { IncidentSettingsEvent } from './incident-settings.events';
import {
  FieldMessages,
  accepted,
  doesNotExist,
  optionalBoolean,
  orderOrAtEnd,
  requiredId,
  requiredOrder,
  requiredText,
} from './incident-settings.input';
import type { IncidentFieldRecord } from './incident-settings.records';
import type { IncidentSettingsState } from './incident-settings.state';
import { formFieldGroupsOf } from './incident-settings.views';

export const FIELD_LABEL_MAX_LENGTH = 100;
export const OPTION_VALUE_MAX_LENGTH = 200;

/** Field types whose values are choices from the field's options. */
export const CHOICE_FIELD_TYPES: readonly IncidentFieldType[] = ['SINGLESELECT', 'MULTISELECT'];
export const isChoiceFieldType = (type: IncidentFieldType) => CHOICE_FIELD_TYPES.includes(type);

export const OPTION_ON_CHOICE_FIELD_ONLY = 'Options can only be added to SINGLESELECT and MULTISELECT fields.';
export const OPTION_VALUE_TAKEN = 'This field already has an option with this value.';
export const FIELD_IN_USE = 'This field is still used by form rules or display conditions. Delete them first.';

function fieldType(messages: FieldMessages, checked: Checked<IncidentFieldType>): IncidentFieldType {
  return accepted(messages, 'field_type', checked)?.value ?? INCIDENT_FIELD_TYPES[0];
}

export function fieldOf(state: IncidentSettingsState, fieldId: string): IncidentFieldRecord {
  const field = state.fields.get(fieldId);
  if (!field) throw notFound();
  return field;
}

export function createIncidentField(command: CreateIncidentField, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const messages = new FieldMessages();
  const field: IncidentFieldRecord = {
    id: command.data.fieldId,
    label: requiredText(messages, 'label', command.data.label, FIELD_LABEL_MAX_LENGTH),
    field_type: fieldType(messages, command.data.field_type),
    is_pii: optionalBoolean(messages, 'is_pii', command.data.is_pii, false),
    order: orderOrAtEnd(messages, command.data.order, [...state.fields.values()]),
  };
  messages.check('Invalid incident field.');
  return [{ type: 'IncidentFieldCreated', data: { field } }];
}

/**
 * Changes label, type and PII flag. A field that stops being a choice field loses its options, and
 * the display conditions on it take its new type.
 */
export function changeIncidentField(command: ChangeIncidentField, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const current = fieldOf(state, command.data.fieldId);
  const messages = new FieldMessages();
  const field: IncidentFieldRecord = {
    ...current,
    label: requiredText(messages, 'label', command.data.label, FIELD_LABEL_MAX_LENGTH),
    field_type: fieldType(messages, command.data.field_type),
    is_pii: optionalBoolean(messages, 'is_pii', command.data.is_pii, current.is_pii),
  };
  messages.check('Invalid incident field.');
  if (field.label === current.label && field.field_type === current.field_type && field.is_pii === current.is_pii) return [];
  const droppedOptionIds = isChoiceFieldType(field.field_type)
    ? []
    : [...state.options.values()]
        .filter((option) => option.field === field.id)
        .map((option) => option.id);
  const conditionFieldGroupIds =
    field.field_type === current.field_type
      ? []
      : [...state.fieldGroups.values()]
          .filter((group) => group.display_conditions.some((condition) => condition.field_id === field.id))
          .map((group) => group.id);
  return [{ type: 'IncidentFieldChanged', data: { field, droppedOptionIds, conditionFieldGroupIds } }];
}

export function moveIncidentField(command: MoveIncidentField, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const field = fieldOf(state, command.data.fieldId);
  const order = requiredOrder(command.data.order);
  if (order === field.order) return [];
  return [{ type: 'IncidentFieldMoved', data: { fieldId: field.id, order } }];
}

const formName = (state: IncidentSettingsState, formId: string) => state.forms.get(formId)?.name ?? '';

/**
 * A field still checked by rules or looked at by display conditions cannot go (400 naming them:
 * they are deleted first, through the field's appearances). Its mappings in field groups go with it.
 */
export function deleteIncidentField(command: DeleteIncidentField, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const field = fieldOf(state, command.data.fieldId);
  const rules = [...state.rules.values()].filter((rule) => rule.for_field === field.id);
  const conditionGroups = [...state.fieldGroups.values()].filter((group) =>
    group.display_conditions.some((condition) => condition.field_id === field.id),
  );
  if (rules.length || conditionGroups.length) {
    const fields: Record<string, string[]> = {};
    if (rules.length) fields.rules = rules.map((rule) => `Rule "${rule.name || rule.type}" of the form "${formName(state, rule.form)}"`);
    if (conditionGroups.length)
      fields.conditions = conditionGroups.map((group) => `Field group "${group.title}" of the form "${formName(state, group.form)}"`);
    throw validationError(FIELD_IN_USE, fields);
  }
  const fieldGroupIds = [...state.fieldGroups.values()]
    .filter((group) => group.form_field_mappings.some((mapping) => mapping.field === field.id))
    .map((group) => group.id);
  const optionIds = [...state.options.values()]
    .filter((option) => option.field === field.id)
    .map((option) => option.id);
  return [{ type: 'IncidentFieldDeleted', data: { fieldId: field.id, optionIds, fieldGroupIds } }];
}

const sameValue = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Checks an option's field and value; the value is unique per field, ignoring case. */
function optionInput(
  state: IncidentSettingsState,
  fieldValue: Checked<string>,
  value: Checked<string>,
  optionId: string,
): { fieldId: string; value: string } {
  const messages = new FieldMessages();
  const fieldId = requiredId(messages, 'field', fieldValue);
  const text = requiredText(messages, 'value', value, OPTION_VALUE_MAX_LENGTH);
  const field = fieldId ? state.fields.get(fieldId) : undefined;
  if (fieldId && !field) messages.add('field', doesNotExist(fieldId));
  else if (field && !isChoiceFieldType(field.field_type)) messages.add('field', OPTION_ON_CHOICE_FIELD_ONLY);
  if (field && text && [...state.options.values()].some((o) => o.field === field.id && o.id !== optionId && sameValue(o.value, text)))
    messages.add('value', OPTION_VALUE_TAKEN);
  messages.check('Invalid field choice option.');
  return { fieldId, value: text };
}

export function addFieldChoiceOption(command: AddFieldChoiceOption, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const { fieldId, value } = optionInput(state, command.data.field, command.data.value, command.data.optionId);
  return [{ type: 'FieldChoiceOptionAdded', data: { option: { id: command.data.optionId, field: fieldId, value } } }];
}

/** Changes an option's value; an option stays with its field (a different `field` is refused). */
export function changeFieldChoiceOption(command: ChangeFieldChoiceOption, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const current = state.options.get(command.data.optionId);
  if (!current) throw notFound();
  const given = command.data.field === undefined ? current.field : command.data.field;
  if (typeof given === 'string' && given !== current.field)
    throw validationError('Invalid field choice option.', { field: ['An option cannot move to another field.'] });
  const { value } = optionInput(state, given, command.data.value, current.id);
  if (value === current.value) return [];
  return [{ type: 'FieldChoiceOptionChanged', data: { option: { ...current, value } } }];
}

export function deleteFieldChoiceOption(command: DeleteFieldChoiceOption, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const option = state.options.get(command.data.optionId);
  if (!option) throw notFound();
  return [{ type: 'FieldChoiceOptionDeleted', data: { optionId: option.id, fieldId: option.field } }];
}

/** The fields the form's groups map, each once, in the groups' order (for rule and condition pickers). */
export function fieldsOfForm(state: IncidentSettingsState, formId: string): IncidentFieldRecord[] {
  const seen = new Set<string>();
  const fields: IncidentFieldRecord[] = [];
  for (const group of formFieldGroupsOf(state, formId))
    for (const mapping of group.form_field_mappings) {
      const field = state.fields.get(mapping.field);
      if (field && !seen.has(field.id)) {
        seen.add(field.id);
        fields.push(field);
      }
    }
  return fields;
}
