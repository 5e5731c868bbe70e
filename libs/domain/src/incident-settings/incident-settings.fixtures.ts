import { DomainError } from '../shared/domain-errors';
import type { IncidentFieldType } from '../incident/display-conditions';
import type { Checked } from '../shared/field-messages';
import type { FieldGroupInput, FormRuleInput, IncidentSettingsCommand, IncidentTemplateInput } from './incident-settings.commands';
import { incidentSettingsDecider } from './incident-settings.decide';
import type { IncidentSettingsEvent } from './incident-settings.events';
import type { IncidentSettingsState } from './incident-settings.state';

/** Test helpers: the events a list of commands records, one after the other, from empty settings. */
export function historyOf(...commands: IncidentSettingsCommand[]): IncidentSettingsEvent[] {
  const events: IncidentSettingsEvent[] = [];
  let state: IncidentSettingsState = incidentSettingsDecider.initialState();
  for (const command of commands) {
    const decided = incidentSettingsDecider.decide(command, state);
    events.push(...decided);
    state = decided.reduce(incidentSettingsDecider.evolve, state);
  }
  return events;
}

export const stateOf = (events: readonly IncidentSettingsEvent[]): IncidentSettingsState =>
  events.reduce(incidentSettingsDecider.evolve, incidentSettingsDecider.initialState());

/** The domain error a call throws (fails when it throws nothing or something else). */
export function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a domain error');
}

export const createField = (
  fieldId: string,
  label: string,
  field_type: IncidentFieldType = 'TEXT',
  extra: { is_pii?: Checked<boolean>; order?: Checked<string | null> } = {},
): IncidentSettingsCommand => ({
  type: 'CreateIncidentField',
  data: { fieldId, label, field_type, ...extra },
});

export const createForm = (formId: string, name: string, order?: string): IncidentSettingsCommand => ({
  type: 'CreateIncidentForm',
  data: { formId, name, order },
});

export const createGroup = (
  fieldGroupId: string,
  form: string,
  fieldIds: string[],
  extra: Partial<Pick<FieldGroupInput, 'title' | 'display_conditions' | 'order' | 'content'>> = {},
): IncidentSettingsCommand => ({
  type: 'CreateFieldGroup',
  data: {
    fieldGroupId,
    title: `Group ${fieldGroupId}`,
    form,
    form_field_mappings: fieldIds.map((field) => ({ field, is_required: false })),
    ...extra,
  },
});

export const createRule = (
  ruleId: string,
  formId: string,
  for_field: string,
  extra: Partial<Pick<FormRuleInput, 'type' | 'value' | 'message' | 'name' | 'order'>> = {},
): IncidentSettingsCommand => ({
  type: 'CreateFormRule',
  data: { ruleId, formId, for_field, type: 'max_length', value: '10', message: 'Too long.', ...extra },
});

export const addOption = (optionId: string, field: string, value: string): IncidentSettingsCommand => ({
  type: 'AddFieldChoiceOption',
  data: { optionId, field, value },
});

export const createTemplate = (templateId: string, template: IncidentTemplateInput): IncidentSettingsCommand => ({
  type: 'CreateIncidentTemplate',
  data: { templateId, template },
});
