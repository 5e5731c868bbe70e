import { notFound, validationError } from '../shared/domain-errors';
import type { CreateIncidentForm, DeleteIncidentForm, MoveIncidentForm, RenameIncidentForm } from './incident-settings.commands';
import type { IncidentSettingsEvent } from './incident-settings.events';
import type { Checked } from '../shared/field-messages';
import { FieldMessages, orderOrAtEnd, requiredOrder, requiredText } from './incident-settings.input';
import type { IncidentFormRecord } from './incident-settings.records';
import type { IncidentSettingsState } from './incident-settings.state';

export const FORM_NAME_MAX_LENGTH = 100;
export const FORM_NAME_TAKEN = 'A form with this name already exists.';
export const FORM_USED_BY_TEMPLATES = 'This form is used by incident templates. Delete them or give them another form first.';

export function formOf(state: IncidentSettingsState, formId: string): IncidentFormRecord {
  const form = state.forms.get(formId);
  if (!form) throw notFound();
  return form;
}

/** A form name: required, trimmed, unique in the organisation ignoring case. */
function formName(state: IncidentSettingsState, value: Checked<string>, formId: string, messages: FieldMessages): string {
  const name = requiredText(messages, 'name', value, FORM_NAME_MAX_LENGTH);
  if (name && [...state.forms.values()].some((form) => form.id !== formId && form.name.toLowerCase() === name.toLowerCase()))
    messages.add('name', FORM_NAME_TAKEN);
  return name;
}

export function createIncidentForm(command: CreateIncidentForm, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const messages = new FieldMessages();
  const form: IncidentFormRecord = {
    id: command.data.formId,
    name: formName(state, command.data.name, command.data.formId, messages),
    order: orderOrAtEnd(messages, command.data.order, [...state.forms.values()]),
  };
  messages.check('Invalid form.');
  return [{ type: 'IncidentFormCreated', data: { form } }];
}

export function renameIncidentForm(command: RenameIncidentForm, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const form = formOf(state, command.data.formId);
  const messages = new FieldMessages();
  const name = formName(state, command.data.name, form.id, messages);
  messages.check('Invalid form.');
  if (name === form.name) return [];
  return [{ type: 'IncidentFormRenamed', data: { formId: form.id, name } }];
}

export function moveIncidentForm(command: MoveIncidentForm, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const form = formOf(state, command.data.formId);
  const order = requiredOrder(command.data.order);
  if (order === form.order) return [];
  return [{ type: 'IncidentFormMoved', data: { formId: form.id, order } }];
}

/**
 * A form goes with its field groups and rules. Templates built on it would be left without a form,
 * so a form that templates use cannot go (400 naming them).
 */
export function deleteIncidentForm(command: DeleteIncidentForm, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const form = formOf(state, command.data.formId);
  const templates = [...state.templates.values()].filter((template) => template.form === form.id);
  if (templates.length) throw validationError(FORM_USED_BY_TEMPLATES, { templates: templates.map((template) => template.name) });
  const fieldGroupIds = [...state.fieldGroups.values()]
    .filter((group) => group.form === form.id)
    .map((group) => group.id);
  const ruleIds = [...state.rules.values()]
    .filter((rule) => rule.form === form.id)
    .map((rule) => rule.id);
  return [{ type: 'IncidentFormDeleted', data: { formId: form.id, fieldGroupIds, ruleIds } }];
}
