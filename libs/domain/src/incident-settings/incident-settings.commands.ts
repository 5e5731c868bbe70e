import type { KnownUploads } from '../incident/known-uploads';

/**
 * Commands on a tenant's incident settings. New ids come from the caller (the server generates
 * them); every other value arrives unchecked from the request and the decider validates it, so a
 * wrong JSON type answers a field message, never a crash.
 */

export interface CreateIncidentField {
  readonly type: 'CreateIncidentField';
  readonly data: { fieldId: string; label: unknown; field_type: unknown; is_pii?: unknown; order?: unknown };
}

export interface ChangeIncidentField {
  readonly type: 'ChangeIncidentField';
  readonly data: { fieldId: string; label: unknown; field_type: unknown; is_pii?: unknown };
}

export interface MoveIncidentField {
  readonly type: 'MoveIncidentField';
  readonly data: { fieldId: string; order: unknown };
}

export interface DeleteIncidentField {
  readonly type: 'DeleteIncidentField';
  readonly data: { fieldId: string };
}

export interface AddFieldChoiceOption {
  readonly type: 'AddFieldChoiceOption';
  readonly data: { optionId: string; field: unknown; value: unknown };
}

export interface ChangeFieldChoiceOption {
  readonly type: 'ChangeFieldChoiceOption';
  readonly data: { optionId: string; field?: unknown; value: unknown };
}

export interface DeleteFieldChoiceOption {
  readonly type: 'DeleteFieldChoiceOption';
  readonly data: { optionId: string };
}

export interface CreateIncidentForm {
  readonly type: 'CreateIncidentForm';
  readonly data: { formId: string; name: unknown; order?: unknown };
}

export interface RenameIncidentForm {
  readonly type: 'RenameIncidentForm';
  readonly data: { formId: string; name: unknown };
}

export interface MoveIncidentForm {
  readonly type: 'MoveIncidentForm';
  readonly data: { formId: string; order: unknown };
}

export interface DeleteIncidentForm {
  readonly type: 'DeleteIncidentForm';
  readonly data: { formId: string };
}

/** The body of a field group create or change. */
export interface FieldGroupInput {
  readonly title: unknown;
  readonly content?: unknown;
  readonly form: unknown;
  readonly order?: unknown;
  readonly display_conditions?: unknown;
  readonly form_field_mappings?: unknown;
}

export interface CreateFieldGroup {
  readonly type: 'CreateFieldGroup';
  readonly data: { fieldGroupId: string } & FieldGroupInput;
}

export interface ChangeFieldGroup {
  readonly type: 'ChangeFieldGroup';
  readonly data: { fieldGroupId: string } & FieldGroupInput;
}

export interface MoveFieldGroup {
  readonly type: 'MoveFieldGroup';
  readonly data: { fieldGroupId: string; order: unknown };
}

export interface DeleteFieldGroup {
  readonly type: 'DeleteFieldGroup';
  readonly data: { fieldGroupId: string };
}

/** DELETE /api/incidents/conditions/field/{id}/: the field's conditions go from the groups named. */
export interface DeleteFieldDisplayConditions {
  readonly type: 'DeleteFieldDisplayConditions';
  readonly data: { fieldId: string; field_group_ids: unknown };
}

/** The body of a form rule create or change. */
export interface FormRuleInput {
  readonly name?: unknown;
  readonly for_field: unknown;
  readonly type: unknown;
  readonly value: unknown;
  readonly message: unknown;
  readonly order?: unknown;
}

export interface CreateFormRule {
  readonly type: 'CreateFormRule';
  readonly data: { ruleId: string; formId: string } & FormRuleInput;
}

export interface ChangeFormRule {
  readonly type: 'ChangeFormRule';
  readonly data: { ruleId: string; formId: string } & FormRuleInput;
}

export interface MoveFormRule {
  readonly type: 'MoveFormRule';
  readonly data: { ruleId: string; formId: string; order: unknown };
}

export interface DeleteFormRule {
  readonly type: 'DeleteFormRule';
  readonly data: { ruleId: string; formId: string };
}

/** DELETE /api/incidents/rules/field/{id}/: the rules named, all of them rules of that field. */
export interface DeleteFieldRules {
  readonly type: 'DeleteFieldRules';
  readonly data: { fieldId: string; rules: unknown };
}

/**
 * A template create (`data` of the body) or change (`incident_template`): `template` is that object as
 * sent (name, form, incident_title, subdomain, template_branding, field_values). `knownUploads`: the
 * upload records of the attachment keys its preset values name (the organisation's only; none when
 * absent), as for incident saves.
 */
export interface CreateIncidentTemplate {
  readonly type: 'CreateIncidentTemplate';
  readonly data: { templateId: string; template: unknown; knownUploads?: KnownUploads };
}

export interface ChangeIncidentTemplate {
  readonly type: 'ChangeIncidentTemplate';
  readonly data: { templateId: string; template: unknown; knownUploads?: KnownUploads };
}

export interface DeleteIncidentTemplate {
  readonly type: 'DeleteIncidentTemplate';
  readonly data: { templateId: string };
}

export type IncidentSettingsCommand =
  | CreateIncidentField
  | ChangeIncidentField
  | MoveIncidentField
  | DeleteIncidentField
  | AddFieldChoiceOption
  | ChangeFieldChoiceOption
  | DeleteFieldChoiceOption
  | CreateIncidentForm
  | RenameIncidentForm
  | MoveIncidentForm
  | DeleteIncidentForm
  | CreateFieldGroup
  | ChangeFieldGroup
  | MoveFieldGroup
  | DeleteFieldGroup
  | DeleteFieldDisplayConditions
  | CreateFormRule
  | ChangeFormRule
  | MoveFormRule
  | DeleteFormRule
  | DeleteFieldRules
  | CreateIncidentTemplate
  | ChangeIncidentTemplate
  | DeleteIncidentTemplate;
