import { notFound, validationError } from '../shared/domain-errors';
import { displayConditionsInput } from './display-condition-input';
import type {
  ChangeFieldGroup,
  CreateFieldGroup,
  DeleteFieldDisplayConditions,
  DeleteFieldGroup,
  FieldGroupInput,
  MoveFieldGroup,
} from './incident-settings.commands';
import type { IncidentSettingsEvent } from './incident-settings.events';
import {
  FieldMessages,
  NOT_A_BOOLEAN,
  accepted,
  doesNotExist,
  idList,
  isRecord,
  optionalText,
  orderOrAtEnd,
  requiredId,
  requiredOrder,
  requiredText,
} from './incident-settings.input';
import type { FieldGroupRecord, FormFieldMappingRecord } from './incident-settings.records';
import type { Checked } from '../shared/field-messages';
import type { IncidentSettingsState } from './incident-settings.state';
import { formFieldGroupsOf } from './incident-settings.views';
import { fieldOf } from './incident-fields.decide';

export const FIELD_GROUP_TITLE_MAX_LENGTH = 200;
export const FIELD_GROUP_CONTENT_MAX_LENGTH = 100_000;

export function fieldGroupOf(state: IncidentSettingsState, fieldGroupId: string): FieldGroupRecord {
  const group = state.fieldGroups.get(fieldGroupId);
  if (!group) throw notFound();
  return group;
}

const MAPPINGS = 'form_field_mappings';

/** The group's fields: each an existing field, none twice. */
function mappingsInput(checked: Checked<readonly unknown[] | null> | undefined, state: IncidentSettingsState, messages: FieldMessages): FormFieldMappingRecord[] {
  const value = checked === undefined ? null : accepted(messages, MAPPINGS, checked)?.value;
  if (!value) return [];
  const seen = new Set<string>();
  return value.flatMap((raw, index): FormFieldMappingRecord[] => {
    const label = `Field ${index + 1}`;
    if (!isRecord(raw) || typeof raw.field !== 'string') {
      messages.add(MAPPINGS, `${label}: expected {field, is_required} with the field's id.`);
      return [];
    }
    const field = state.fields.get(raw.field);
    if (!field) {
      messages.add(MAPPINGS, `${label}: ${doesNotExist(raw.field)}`);
      return [];
    }
    if (raw.is_required !== undefined && typeof raw.is_required !== 'boolean') {
      messages.add(MAPPINGS, `${label}: is_required: ${NOT_A_BOOLEAN}`);
      return [];
    }
    if (seen.has(field.id)) {
      messages.add(MAPPINGS, `The field "${field.label}" is in this group twice.`);
      return [];
    }
    seen.add(field.id);
    return [{ field: field.id, is_required: raw.is_required === true }];
  });
}

/** The group a create or change describes; `current` is the group being changed (none for a create). */
function fieldGroupInput(
  fieldGroupId: string,
  input: FieldGroupInput,
  state: IncidentSettingsState,
  current: FieldGroupRecord | null,
): FieldGroupRecord {
  const messages = new FieldMessages();
  const title = requiredText(messages, 'title', input.title, FIELD_GROUP_TITLE_MAX_LENGTH);
  const content = optionalText(messages, 'content', input.content, FIELD_GROUP_CONTENT_MAX_LENGTH, current?.content ?? '');
  const form = requiredId(messages, 'form', input.form);
  if (form && !state.forms.has(form)) messages.add('form', doesNotExist(form));
  const staysInForm = current !== null && current.form === form && (input.order === undefined || input.order === null || input.order === '');
  const siblings = formFieldGroupsOf(state, form).filter((group) => group.id !== fieldGroupId);
  const order = staysInForm ? current.order : orderOrAtEnd(messages, input.order, siblings);
  const display_conditions = displayConditionsInput(input.display_conditions, fieldGroupId, state, messages);
  const form_field_mappings = mappingsInput(input.form_field_mappings, state, messages);
  messages.check('Invalid field group.');
  return { id: fieldGroupId, title, content, form, order, display_conditions, form_field_mappings };
}

export function createFieldGroup(command: CreateFieldGroup, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const fieldGroup = fieldGroupInput(command.data.fieldGroupId, command.data, state, null);
  return [{ type: 'FieldGroupCreated', data: { fieldGroup } }];
}

/** Replaces the group's title, content, form, conditions and fields (PUT); the order stays unless given. */
export function changeFieldGroup(command: ChangeFieldGroup, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const current = fieldGroupOf(state, command.data.fieldGroupId);
  const fieldGroup = fieldGroupInput(current.id, command.data, state, current);
  if (JSON.stringify(fieldGroup) === JSON.stringify(current)) return [];
  return [{ type: 'FieldGroupChanged', data: { fieldGroup, previousFormId: current.form } }];
}

export function moveFieldGroup(command: MoveFieldGroup, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const group = fieldGroupOf(state, command.data.fieldGroupId);
  const order = requiredOrder(command.data.order);
  if (order === group.order) return [];
  return [{ type: 'FieldGroupMoved', data: { fieldGroupId: group.id, formId: group.form, order } }];
}

export function deleteFieldGroup(command: DeleteFieldGroup, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const group = fieldGroupOf(state, command.data.fieldGroupId);
  return [{ type: 'FieldGroupDeleted', data: { fieldGroupId: group.id, formId: group.form } }];
}

/**
 * Removes the field's display conditions from the groups named (a step before deleting the field).
 * Every group named must exist (400 otherwise); groups without such a condition change nothing.
 */
export function deleteFieldDisplayConditions(command: DeleteFieldDisplayConditions, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const field = fieldOf(state, command.data.fieldId);
  const ids = idList(command.data.field_group_ids);
  const missing = ids.filter((id) => !state.fieldGroups.has(id));
  if (missing.length) throw validationError('Invalid field_group_ids.', { field_group_ids: missing.map(doesNotExist) });
  const groups = ids.map((id) => fieldGroupOf(state, id));
  const fieldGroupIds = groups
    .filter((group) => group.display_conditions.some((condition) => condition.field_id === field.id))
    .map((group) => group.id);
  if (!fieldGroupIds.length) return [];
  return [{ type: 'FieldDisplayConditionsDeleted', data: { fieldId: field.id, fieldGroupIds } }];
}
