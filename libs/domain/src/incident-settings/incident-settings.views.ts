import type { IncidentFieldType } from '../incident/display-conditions';
import { compareOrderingKeys } from '../incident/ordering-keys';
import type {
  DisplayConditionRecord,
  FieldGroupRecord,
  FormRuleRecord,
  FormRuleType,
  IncidentFieldRecord,
  IncidentFormRecord,
  IncidentTemplateRecord,
} from './incident-settings.records';
import type { IncidentSettingsState } from './incident-settings.state';

/**
 * The settings as callers see them: fresh, mutable copies shaped exactly like the API's DTOs
 * (libs/contracts incident-settings.dto.ts; the domain does not import contracts, so the shapes are
 * declared here and kept structurally identical). Lists are in `order`.
 */

export interface FieldChoiceOptionView {
  id: string;
  field: string;
  value: string;
}

export interface IncidentFieldView {
  id: string;
  label: string;
  field_type: IncidentFieldType;
  is_pii: boolean;
  order: string;
  options: FieldChoiceOptionView[];
}

export interface DisplayConditionView {
  type: DisplayConditionRecord['type'];
  value: string | number | boolean | null;
  values: (string | number | boolean)[] | null;
  field_id: string | null;
  field_type: IncidentFieldType | null;
  field_group_id: string;
}

export interface FieldGroupView {
  id: string;
  title: string;
  content: string;
  form: string;
  order: string;
  display_conditions: DisplayConditionView[];
  form_field_mappings: { field: string; is_required: boolean }[];
}

export interface IncidentFormView {
  id: string;
  name: string;
  order: string;
  field_groups: FieldGroupView[];
}

export interface FormRuleView {
  id: string;
  form: string;
  order: string;
  name: string;
  for_field: string;
  type: FormRuleType;
  value: string;
  message: string;
}

export interface IncidentTemplateView {
  id: string;
  name: string;
  form: string;
  incident_title: string;
  subdomain: string;
  template_branding: { label_color: string; header_color?: string; logo_url?: string };
  field_values: { field: string; field_group: string; values: unknown[] }[];
  /** Interface flag: false on every template the server answers. */
  is_open: boolean;
}

export const byOrderingKey = <T extends { readonly order: string }>(a: T, b: T) => compareOrderingKeys(a.order, b.order);

export const fieldOptionsOf = (state: IncidentSettingsState, fieldId: string): FieldChoiceOptionView[] =>
  [...state.options.values()]
    .filter((option) => option.field === fieldId)
    .map((option) => ({ ...option }));

export const incidentFieldView = (state: IncidentSettingsState, field: IncidentFieldRecord): IncidentFieldView => ({
  ...field,
  options: fieldOptionsOf(state, field.id),
});

export const fieldGroupView = (group: FieldGroupRecord): FieldGroupView => ({
  ...group,
  display_conditions: group.display_conditions.map((condition) => ({
    ...condition,
    values: condition.values === null ? null : [...condition.values],
  })),
  form_field_mappings: group.form_field_mappings.map((mapping) => ({ ...mapping })),
});

/** The form's field groups, in order. */
export const formFieldGroupsOf = (state: IncidentSettingsState, formId: string): FieldGroupRecord[] =>
  [...state.fieldGroups.values()]
    .filter((group) => group.form === formId)
    .sort(byOrderingKey);

export const incidentFormView = (state: IncidentSettingsState, form: IncidentFormRecord): IncidentFormView => ({
  ...form,
  field_groups: formFieldGroupsOf(state, form.id).map(fieldGroupView),
});

export const formRuleView = (rule: FormRuleRecord): FormRuleView => ({ ...rule });

/** The form's rules, in order. */
export const formRulesOf = (state: IncidentSettingsState, formId: string): FormRuleRecord[] =>
  [...state.rules.values()]
    .filter((rule) => rule.form === formId)
    .sort(byOrderingKey);

/** Whether the form maps the field in the group (the places a template's preset value may go). */
export function isMappedInForm(state: IncidentSettingsState, formId: string, fieldGroupId: string, fieldId: string): boolean {
  const group = state.fieldGroups.get(fieldGroupId);
  return group !== undefined && group.form === formId && group.form_field_mappings.some((mapping) => mapping.field === fieldId);
}

/**
 * The template as callers see it. Preset values whose field or group has since left the form are
 * left out: they could no longer be shown or saved.
 */
export const incidentTemplateView = (state: IncidentSettingsState, template: IncidentTemplateRecord): IncidentTemplateView => ({
  ...template,
  template_branding: { ...template.template_branding },
  field_values: template.field_values
    .filter((entry) => isMappedInForm(state, template.form, entry.field_group, entry.field))
    .map((entry) => ({ ...entry, values: [...entry.values] })),
  is_open: false,
});
