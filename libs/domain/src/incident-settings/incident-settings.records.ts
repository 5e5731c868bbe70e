import type { DisplayConditionType, IncidentFieldType } from '../incident/display-conditions';

/**
 * The incident settings entities as the tenant's settings aggregate records them. They carry the
 * spec's own field names (spec part 1 §3: form_field_mappings, for_field, template_branding, …), so
 * the API answers, the read models and an incident's form snapshot are these records as they are.
 */

export interface IncidentFieldRecord {
  readonly id: string;
  readonly label: string;
  readonly field_type: IncidentFieldType;
  readonly is_pii: boolean;
  readonly order: string;
}

/** A choice of a SINGLESELECT or MULTISELECT field. */
export interface FieldChoiceOptionRecord {
  readonly id: string;
  readonly field: string;
  readonly value: string;
}

export interface IncidentFormRecord {
  readonly id: string;
  readonly name: string;
  readonly order: string;
}

/** A display condition as recorded: every key present, null where the type does not use it. */
export interface DisplayConditionRecord {
  readonly type: DisplayConditionType;
  readonly value: string | number | boolean | null;
  readonly values: readonly (string | number | boolean)[] | null;
  readonly field_id: string | null;
  /** For a `field` condition: the field's type, kept in step with the field. */
  readonly field_type: IncidentFieldType | null;
  readonly field_group_id: string;
}

export interface FormFieldMappingRecord {
  readonly field: string;
  readonly is_required: boolean;
}

export interface FieldGroupRecord {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly form: string;
  readonly order: string;
  readonly display_conditions: readonly DisplayConditionRecord[];
  readonly form_field_mappings: readonly FormFieldMappingRecord[];
}

export const FORM_RULE_TYPES = ['min_length', 'max_length', 'min_value', 'max_value', 'pattern', 'not_before', 'not_after'] as const;
export type FormRuleType = (typeof FORM_RULE_TYPES)[number];

export function isFormRuleType(value: unknown): value is FormRuleType {
  return typeof value === 'string' && (FORM_RULE_TYPES as readonly string[]).includes(value);
}

export interface FormRuleRecord {
  readonly id: string;
  readonly form: string;
  readonly order: string;
  readonly name: string;
  /** The field the rule checks. */
  readonly for_field: string;
  readonly type: FormRuleType;
  /** A length, a number, a regular expression or an ISO date, as text. */
  readonly value: string;
  readonly message: string;
}

export interface TemplateBrandingRecord {
  readonly label_color: string;
  readonly header_color?: string;
  readonly logo_url?: string;
}

/** A template's preset values of one field of one field group, in the incident payload's shape. */
export interface TemplateFieldValueRecord {
  readonly field: string;
  readonly field_group: string;
  readonly values: readonly unknown[];
}

export interface IncidentTemplateRecord {
  readonly id: string;
  readonly name: string;
  readonly form: string;
  readonly incident_title: string;
  /** '' when the template has no public page. */
  readonly subdomain: string;
  readonly template_branding: TemplateBrandingRecord;
  readonly field_values: readonly TemplateFieldValueRecord[];
}

/** The label colour of a template that does not choose one (the spec's default highlight colour). */
export const DEFAULT_TEMPLATE_LABEL_COLOR = '#1976d2';
