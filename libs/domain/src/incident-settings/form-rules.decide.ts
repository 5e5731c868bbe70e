import { notFound, validationError } from '../shared/domain-errors';
import { checkRuleValue } from './form-rule-value';
import type { ChangeFormRule, CreateFormRule, DeleteFieldRules, DeleteFormRule, FormRuleInput, MoveFormRule } from './incident-settings.commands';
import type { IncidentSettingsEvent } from './incident-settings.events';
import {
  BLANK,
  FieldMessages,
  accepted,
  doesNotExist,
  idList,
  optionalText,
  tooLong,
  orderOrAtEnd,
  requiredId,
  requiredOrder,
  requiredText,
} from './incident-settings.input';
import type { FormRuleRecord } from './incident-settings.records';
import type { IncidentSettingsState } from './incident-settings.state';
import { formRulesOf } from './incident-settings.views';
import { fieldOf, fieldsOfForm } from './incident-fields.decide';
import { formOf } from './incident-forms.decide';

export const RULE_NAME_MAX_LENGTH = 100;
export const RULE_MESSAGE_MAX_LENGTH = 500;
export const RULE_VALUE_MAX_LENGTH = 1000;
export const RULE_FIELD_NOT_IN_FORM = 'Choose a field of this form.';

/** The rule :id of the form :form (404 when either is unknown, or the rule is another form's). */
export function ruleOf(state: IncidentSettingsState, formId: string, ruleId: string): FormRuleRecord {
  formOf(state, formId);
  const rule = state.rules.get(ruleId);
  if (!rule || rule.form !== formId) throw notFound();
  return rule;
}

/**
 * The rule a create or change describes. Its messages use the names of the server's rule errors
 * (message, for_field, type, value), which the console shows as returned.
 */
function ruleInput(ruleId: string, formId: string, input: FormRuleInput, state: IncidentSettingsState, current: FormRuleRecord | null): FormRuleRecord {
  const messages = new FieldMessages();
  const name = optionalText(messages, 'name', input.name, RULE_NAME_MAX_LENGTH);
  const forField = requiredId(messages, 'for_field', input.for_field);
  if (forField && !state.fields.has(forField)) messages.add('for_field', doesNotExist(forField));
  else if (forField && !fieldsOfForm(state, formId).some((field) => field.id === forField)) messages.add('for_field', RULE_FIELD_NOT_IN_FORM);
  const type = accepted(messages, 'type', input.type)?.value ?? null;
  let value = '';
  const given = accepted(messages, 'value', input.value)?.value;
  if (given !== undefined) {
    if (!given.trim()) messages.add('value', BLANK);
    else if (given.length > RULE_VALUE_MAX_LENGTH) messages.add('value', tooLong(RULE_VALUE_MAX_LENGTH));
    else if (type) {
      const checked = checkRuleValue(type, given);
      if (checked.ok) value = checked.value;
      else messages.add('value', checked.message);
    }
  }
  const message = requiredText(messages, 'message', input.message, RULE_MESSAGE_MAX_LENGTH);
  const keepsOrder = current !== null && (input.order === undefined || input.order === null || input.order === '');
  const siblings = formRulesOf(state, formId).filter((rule) => rule.id !== ruleId);
  const order = keepsOrder ? current.order : orderOrAtEnd(messages, input.order, siblings);
  messages.check('Invalid form rule.');
  return { id: ruleId, form: formId, order, name, for_field: forField, type: type!, value, message };
}

export function createFormRule(command: CreateFormRule, state: IncidentSettingsState): IncidentSettingsEvent[] {
  formOf(state, command.data.formId);
  const rule = ruleInput(command.data.ruleId, command.data.formId, command.data, state, null);
  return [{ type: 'FormRuleCreated', data: { rule } }];
}

export function changeFormRule(command: ChangeFormRule, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const current = ruleOf(state, command.data.formId, command.data.ruleId);
  const rule = ruleInput(current.id, current.form, command.data, state, current);
  if (JSON.stringify(rule) === JSON.stringify(current)) return [];
  return [{ type: 'FormRuleChanged', data: { rule } }];
}

export function moveFormRule(command: MoveFormRule, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const rule = ruleOf(state, command.data.formId, command.data.ruleId);
  const order = requiredOrder(command.data.order);
  if (order === rule.order) return [];
  return [{ type: 'FormRuleMoved', data: { ruleId: rule.id, formId: rule.form, order } }];
}

const deleted = (rule: FormRuleRecord): IncidentSettingsEvent => ({
  type: 'FormRuleDeleted',
  data: { ruleId: rule.id, formId: rule.form, forField: rule.for_field },
});

export function deleteFormRule(command: DeleteFormRule, state: IncidentSettingsState): IncidentSettingsEvent[] {
  return [deleted(ruleOf(state, command.data.formId, command.data.ruleId))];
}

/** Deletes the rules named, every one a rule of the field (a step before deleting the field). */
export function deleteFieldRules(command: DeleteFieldRules, state: IncidentSettingsState): IncidentSettingsEvent[] {
  const field = fieldOf(state, command.data.fieldId);
  const ids = idList(command.data.rules);
  const wrong = ids.filter((id) => state.rules.get(id)?.for_field !== field.id);
  if (wrong.length) throw validationError('Invalid rules.', { rules: wrong.map((id) => `${doesNotExist(id)} (not a rule of this field)`) });
  return ids.map((id) => deleted(state.rules.get(id)!));
}
