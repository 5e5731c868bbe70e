/**
 * Shapes of the incident settings calls (spec part 1 §3 and §7): fields and choice options, forms,
 * field groups with their field mappings and display conditions, form rules and templates.
 * Ids are strings; `order` is a lowercase ordering key (libs/domain ordering-keys).
 */

export type IncidentFieldTypeName =
  | 'TEXT'
  | 'TEXTAREA'
  | 'NUMBER'
  | 'DATE'
  | 'TIME'
  | 'DATETIME'
  | 'ATTACHMENT'
  | 'CHECKBOX'
  | 'SINGLESELECT'
  | 'MULTISELECT';

/** A choice of a SINGLESELECT or MULTISELECT field. */
export interface FieldChoiceOptionDto {
  id: string;
  field: string;
  value: string;
}

/** GET /api/incidents/field/ (ordered by `order`), GET /api/incidents/field/{id}/. */
export interface IncidentFieldDto {
  id: string;
  label: string;
  field_type: IncidentFieldTypeName;
  is_pii: boolean;
  order: string;
  /** Choice options, for SINGLESELECT and MULTISELECT fields (empty otherwise). */
  options: FieldChoiceOptionDto[];
}

/** POST /api/incidents/field/; `order` defaults to after the last field. */
export interface CreateIncidentFieldRequest {
  label: string;
  field_type: IncidentFieldTypeName;
  is_pii?: boolean;
  order?: string;
}

/** PUT /api/incidents/field/{id}/ */
export interface ChangeIncidentFieldRequest {
  id?: string;
  label: string;
  field_type: IncidentFieldTypeName;
  is_pii?: boolean;
}

/** PATCH on fields, forms, field groups and rules: moves the item. */
export interface MoveRequest {
  order: string;
}

/** POST /api/incidents/option/, PUT /api/incidents/option/{id}/ */
export interface FieldChoiceOptionRequest {
  field: string;
  value: string;
}

/** GET /api/incidents/field_appearances/{id}/: where a field is used, before it is changed or deleted. */
export interface FieldAppearancesDto {
  field: string;
  /** Field groups mapping the field, with their form. */
  field_groups: { id: string; title: string; form: string; form_name: string }[];
  /** Field groups with a display condition on the field. */
  conditions: { field_group_id: string; title: string; form: string; form_name: string }[];
  /** Form rules for the field. */
  rules: FormRuleDto[];
}

/** DELETE /api/incidents/rules/field/{id}/ body: the rules (of that field) to delete. */
export interface DeleteFieldRulesRequest {
  rules: string[];
}

/** DELETE /api/incidents/conditions/field/{id}/ body: the field groups whose conditions on the field go. */
export interface DeleteFieldConditionsRequest {
  field_group_ids: string[];
}

export type DisplayConditionTypeName = 'state' | 'permission' | 'field';

/** A field group's display condition; see libs/domain display-conditions for how it is met. */
export interface DisplayConditionDto {
  type: DisplayConditionTypeName;
  /** The state, the permission or the field value that meets the condition. */
  value?: string | number | boolean | null;
  /** Further accepted values (any one meets it). */
  values?: unknown[] | null;
  /** For a `field` condition: the field looked at. */
  field_id?: string | null;
  /** For a `field` condition: that field's type (GET /api/incidents/get_condition_field_type/{id}/). */
  field_type?: IncidentFieldTypeName | null;
  field_group_id?: string | null;
}

/** A field placed in a field group (server name form_field_mappings; the console calls them field_mappings). */
export interface FormFieldMappingDto {
  field: string;
  is_required: boolean;
}

/** GET /api/incidents/field_group/{id}/ and each entry of a form's field_groups (ordered by `order`). */
export interface FieldGroupDto {
  id: string;
  title: string;
  /** Rich text shown above the group's fields. */
  content: string;
  form: string;
  order: string;
  display_conditions: DisplayConditionDto[];
  form_field_mappings: FormFieldMappingDto[];
}

/** POST /api/incidents/field_group/, PUT /api/incidents/field_group/{id}/ */
export interface FieldGroupRequest {
  title: string;
  content?: string;
  form: string;
  order?: string;
  display_conditions?: DisplayConditionDto[];
  form_field_mappings?: FormFieldMappingDto[];
}

/** GET /api/incidents/form/ (ordered by `order`), GET /api/incidents/form/{id}/ */
export interface IncidentFormDto {
  id: string;
  name: string;
  order: string;
  field_groups: FieldGroupDto[];
}

/** POST /api/incidents/form/ (name, order); PUT /api/incidents/form/{id}/ takes the name. */
export interface IncidentFormRequest {
  name: string;
  order?: string;
}

/** GET /api/incidents/form/field/{id}/: the fields the form :id uses (in its groups' order), for rule and condition pickers. */
export type FormFieldsDto = IncidentFieldDto[];

/** GET /api/incidents/get_condition_field_type/{id}/ */
export interface ConditionFieldTypeDto {
  id: string;
  field_type: IncidentFieldTypeName;
  /** The field's choice options, the values a condition can test for. */
  options: FieldChoiceOptionDto[];
}

/** What a form rule checks about the value of its field. */
export type FormRuleTypeName = 'min_length' | 'max_length' | 'min_value' | 'max_value' | 'pattern' | 'not_before' | 'not_after';

/** GET /api/incidents/form/{form}/rules/ (ordered by `order`) */
export interface FormRuleDto {
  id: string;
  form: string;
  order: string;
  name: string;
  /** The field the rule checks. */
  for_field: string;
  type: FormRuleTypeName;
  /** The rule's limit: a length, a number, a regular expression or a date, as text. */
  value: string;
  /** What a user is told when a value breaks the rule. */
  message: string;
}

/** POST /api/incidents/form/{form}/rules/, PUT /api/incidents/form/{form}/rules/{id}/ */
export interface FormRuleRequest {
  name?: string;
  for_field: string;
  type: FormRuleTypeName;
  value: string;
  message: string;
  order?: string;
}

/**
 * A rule that a saved value breaks (server-side rule error): 400 `{detail, rule_errors: [...]}` on an
 * incident save; rule create/update/patch failures answer field messages under the same names.
 */
export interface FormRuleErrorDto {
  message: string;
  for_field: string;
  type: FormRuleTypeName;
  value: string;
}

export interface TemplateBrandingDto {
  label_color: string;
  header_color?: string;
  logo_url?: string;
}

/** A template's preset values, in the incident payload's shape. */
export interface TemplateFieldValueDto {
  field: string;
  field_group: string;
  values: unknown[];
}

/** GET /api/incidents/incident_template/ */
export interface IncidentTemplateDto {
  id: string;
  name: string;
  form: string;
  /** Title of the incidents started from it. */
  incident_title: string;
  /** Selects the template on the public incident template page; '' for none (not public). */
  subdomain: string;
  template_branding: TemplateBrandingDto;
  field_values: TemplateFieldValueDto[];
  /** Interface flag: false on every listed template. */
  is_open: boolean;
}

export interface IncidentTemplateFields {
  name: string;
  form: string;
  incident_title?: string;
  subdomain?: string;
  template_branding?: Partial<TemplateBrandingDto>;
  field_values?: TemplateFieldValueDto[];
}

/** POST /api/incidents/incident_template/ */
export interface CreateIncidentTemplateRequest {
  data: IncidentTemplateFields;
}

/** PUT /api/incidents/incident_template/{id}/ */
export interface ChangeIncidentTemplateRequest {
  incident_template: IncidentTemplateFields;
}

/** GET /api/incidents/get_incident_template/{id}/ and the public page's lookup by subdomain. */
export interface IncidentTemplateWithFormDto {
  template: IncidentTemplateDto;
  form: IncidentFormDto;
  /** Every field the form uses, by id. */
  fields: Record<string, IncidentFieldDto>;
  /** The configured module name of the template's customer group (public page headings). */
  module_name: string;
}
