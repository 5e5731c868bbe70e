import { FieldMessages, accepted, requiredText } from '../incident-settings/incident-settings.input';
import type { Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/domain-errors';
import { BLANK, type Checked, tooLong } from '../shared/field-messages';
import type {
  AddContactFieldOption,
  ChangeContactField,
  ChangeContactFieldOption,
  ChangeExcludedOptionsByGroup,
  ContactFieldCommand,
  CreateContactField,
  DeleteContactField,
  DeleteContactFieldOption,
} from './field.commands';
import type { ContactFieldEvent, ContactFieldOption, ExcludedOptions } from './field.events';
import {
  contactFieldOptionId,
  evolveContactField,
  initialContactFieldState,
  type ActiveContactField,
  type ContactFieldState,
} from './field.state';
import { CONTACT_FIELD_TYPES, isSelectFieldType, type ContactFieldType } from './field-types';

export const CONTACT_FIELD_LABEL_MAX_LENGTH = 100;
export const CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH = 100;

export const FIELD_DETAIL = 'Invalid field.';
export const OPTION_DETAIL = 'Invalid field option.';
export const EXCLUSIONS_DETAIL = 'Invalid excluded options.';

export const OPTIONS_ON_SELECT_FIELDS_ONLY = 'Only SINGLESELECT and MULTISELECT fields have options.';
export const OPTION_LABEL_TAKEN = 'This field already has an option with this label.';
export const FIELD_TYPE_FIXED = 'The type of a field cannot be changed once it is created. Create a new field instead.';
export const FIELD_GROUP_FIXED = 'A field stays in the customer group it was created in.';
export const OPTION_FIELD_FIXED = 'An option stays with its field.';
export const notBelowFieldGroup = (customerGroupId: string) =>
  `Customer group "${customerGroupId}" is not below the field's customer group: only its descendants can exclude options.`;
export const unknownOption = (optionId: unknown) => `"${String(optionId)}" is not an option of this field.`;
export const usedByMessages = (what: 'field' | 'option', count: number) =>
  `This ${what} is used by ${count} ${count === 1 ? 'message' : 'messages'}. Remove it from ${count === 1 ? 'that message' : 'those messages'} first.`;

const activeField = (state: ContactFieldState): ActiveContactField => {
  if (state.status !== 'active') throw notFound();
  return state;
};

const fieldTypeOf = (messages: FieldMessages, checked: Checked<ContactFieldType>): ContactFieldType | null =>
  accepted(messages, 'field_type', checked)?.value ?? null;

/** Option labels of a create, checked one by one ("Option 2: …") and against each other (case aside). */
function optionLabels(messages: FieldMessages, checked: Checked<readonly string[] | null> | undefined, fieldType: ContactFieldType | null): string[] {
  const given = accepted(messages, 'options', checked ?? null);
  const labels = given?.value ?? [];
  if (!labels.length) return [];
  if (fieldType !== null && !isSelectFieldType(fieldType)) {
    messages.add('options', OPTIONS_ON_SELECT_FIELDS_ONLY);
    return [];
  }
  const seen = new Set<string>();
  return labels.map((label, index) => {
    const text = label.trim();
    const problem = !text
      ? BLANK
      : text.length > CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH
        ? tooLong(CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH)
        : seen.has(text.toLowerCase())
          ? OPTION_LABEL_TAKEN
          : null;
    if (problem) messages.add('options', `Option ${index + 1}: ${problem}`);
    seen.add(text.toLowerCase());
    return text;
  });
}

function createContactField(command: CreateContactField, state: ContactFieldState): ContactFieldEvent[] {
  if (state.status !== 'absent') throw conflict('This field already exists.');
  const { fieldId, customerGroupId } = command.data;
  const messages = new FieldMessages();
  const label = requiredText(messages, 'label', command.data.label, CONTACT_FIELD_LABEL_MAX_LENGTH);
  const fieldType = fieldTypeOf(messages, command.data.field_type);
  const labels = optionLabels(messages, command.data.options, fieldType);
  messages.check(FIELD_DETAIL);
  const options = labels.map((optionLabel, index) => ({ optionId: contactFieldOptionId(fieldId, index + 1), label: optionLabel }));
  return [{ type: 'ContactFieldCreated', data: { fieldId, customerGroupId, label, fieldType: fieldType ?? CONTACT_FIELD_TYPES[0], options } }];
}

/** Changes the label; a field's type and group are fixed (the decision is in the message texts). */
function changeContactField(command: ChangeContactField, state: ContactFieldState): ContactFieldEvent[] {
  const field = activeField(state);
  const messages = new FieldMessages();
  const label = command.data.label === undefined ? field.label : requiredText(messages, 'label', command.data.label, CONTACT_FIELD_LABEL_MAX_LENGTH);
  if (command.data.field_type !== undefined) {
    const fieldType = fieldTypeOf(messages, command.data.field_type);
    if (fieldType !== null && fieldType !== field.fieldType) messages.add('field_type', FIELD_TYPE_FIXED);
  }
  if (command.data.customer_group !== undefined) {
    const group = accepted(messages, 'customer_group', command.data.customer_group);
    if (group && group.value !== field.customerGroupId) messages.add('customer_group', FIELD_GROUP_FIXED);
  }
  messages.check(FIELD_DETAIL);
  if (label === field.label) return [];
  return [{ type: 'ContactFieldRenamed', data: { fieldId: field.fieldId, customerGroupId: field.customerGroupId, label, previousLabel: field.label } }];
}

function deleteContactField(command: DeleteContactField, state: ContactFieldState): ContactFieldEvent[] {
  const field = activeField(state);
  if (command.data.scenarioCount > 0) throw validationError(usedByMessages('field', command.data.scenarioCount));
  return [{ type: 'ContactFieldDeleted', data: { fieldId: field.fieldId, customerGroupId: field.customerGroupId, label: field.label } }];
}

/** A label for an option of the field: not blank, not too long, not another option's (case aside). */
function optionLabel(messages: FieldMessages, field: ActiveContactField, checked: Checked<string>, optionId: string | null): string {
  const label = requiredText(messages, 'label', checked, CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH);
  const taken = field.options.some((option) => option.optionId !== optionId && option.label.toLowerCase() === label.toLowerCase());
  if (label && taken) messages.add('label', OPTION_LABEL_TAKEN);
  return label;
}

function addContactFieldOption(command: AddContactFieldOption, state: ContactFieldState): ContactFieldEvent[] {
  const field = activeField(state);
  const messages = new FieldMessages();
  if (!isSelectFieldType(field.fieldType)) messages.add('field', OPTIONS_ON_SELECT_FIELDS_ONLY);
  const label = optionLabel(messages, field, command.data.label, null);
  messages.check(OPTION_DETAIL);
  const option: ContactFieldOption = { optionId: contactFieldOptionId(field.fieldId, field.optionCount + 1), label };
  return [{ type: 'ContactFieldOptionAdded', data: { fieldId: field.fieldId, customerGroupId: field.customerGroupId, fieldLabel: field.label, option } }];
}

function optionOf(field: ActiveContactField, optionId: string): ContactFieldOption {
  const option = field.options.find((entry) => entry.optionId === optionId);
  if (!option) throw notFound();
  return option;
}

function changeContactFieldOption(command: ChangeContactFieldOption, state: ContactFieldState): ContactFieldEvent[] {
  const field = activeField(state);
  const option = optionOf(field, command.data.optionId);
  const messages = new FieldMessages();
  const label = optionLabel(messages, field, command.data.label, option.optionId);
  messages.check(OPTION_DETAIL);
  if (label === option.label) return [];
  return [
    {
      type: 'ContactFieldOptionRenamed',
      data: { fieldId: field.fieldId, customerGroupId: field.customerGroupId, fieldLabel: field.label, optionId: option.optionId, label, previousLabel: option.label },
    },
  ];
}

function deleteContactFieldOption(command: DeleteContactFieldOption, state: ContactFieldState): ContactFieldEvent[] {
  const field = activeField(state);
  const option = optionOf(field, command.data.optionId);
  if (command.data.scenarioCount > 0) throw validationError(usedByMessages('option', command.data.scenarioCount));
  return [
    {
      type: 'ContactFieldOptionDeleted',
      data: { fieldId: field.fieldId, customerGroupId: field.customerGroupId, fieldLabel: field.label, optionId: option.optionId, label: option.label },
    },
  ];
}

const sameExclusions = (a: readonly ExcludedOptions[], b: readonly ExcludedOptions[]) =>
  JSON.stringify(a.map((entry) => [entry.customerGroupId, [...entry.optionIds].sort()]).sort()) ===
  JSON.stringify(b.map((entry) => [entry.customerGroupId, [...entry.optionIds].sort()]).sort());

/**
 * Replaces the whole mapping. Each group must be below the field's own group; each option id one of
 * the field's options. Groups left with no excluded option are left out of the mapping.
 */
function changeExcludedOptionsByGroup(command: ChangeExcludedOptionsByGroup, state: ContactFieldState): ContactFieldEvent[] {
  const field = activeField(state);
  const messages = new FieldMessages();
  const entries = accepted(messages, 'excluded_options_by_group', command.data.excludedOptionsByGroup)?.value ?? [];
  const below = new Set(command.data.descendantGroupIds);
  const optionIds = new Set(field.options.map((option) => option.optionId));
  const byGroup = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!below.has(entry.customerGroupId)) messages.add('excluded_options_by_group', notBelowFieldGroup(entry.customerGroupId));
    const excluded = byGroup.get(entry.customerGroupId) ?? new Set<string>();
    for (const optionId of entry.optionIds) {
      if (typeof optionId === 'string' && optionIds.has(optionId)) excluded.add(optionId);
      else messages.add('excluded_options_by_group', unknownOption(optionId));
    }
    byGroup.set(entry.customerGroupId, excluded);
  }
  messages.check(EXCLUSIONS_DETAIL);
  const mapping: ExcludedOptions[] = [...byGroup]
    .filter(([, excluded]) => excluded.size > 0)
    .map(([customerGroupId, excluded]) => ({ customerGroupId, optionIds: [...excluded] }));
  if (sameExclusions(mapping, field.excludedOptionsByGroup)) return [];
  return [
    {
      type: 'ContactFieldExcludedOptionsChanged',
      data: { fieldId: field.fieldId, customerGroupId: field.customerGroupId, fieldLabel: field.label, excludedOptionsByGroup: mapping },
    },
  ];
}

export function decideContactField(command: ContactFieldCommand, state: ContactFieldState): ContactFieldEvent[] {
  switch (command.type) {
    case 'CreateContactField':
      return createContactField(command, state);
    case 'ChangeContactField':
      return changeContactField(command, state);
    case 'DeleteContactField':
      return deleteContactField(command, state);
    case 'AddContactFieldOption':
      return addContactFieldOption(command, state);
    case 'ChangeContactFieldOption':
      return changeContactFieldOption(command, state);
    case 'DeleteContactFieldOption':
      return deleteContactFieldOption(command, state);
    case 'ChangeExcludedOptionsByGroup':
      return changeExcludedOptionsByGroup(command, state);
  }
}

export const contactFieldDecider: Decider<ContactFieldCommand, ContactFieldEvent, ContactFieldState> = {
  decide: decideContactField,
  evolve: evolveContactField,
  initialState: initialContactFieldState,
};

export const contactFieldStream = (fieldId: string) => `field-${fieldId}`;
