import type { IncidentFieldType } from '../incident/display-conditions';
import type { KnownUploads } from '../incident/known-uploads';
import type { Checked } from '../shared/field-messages';
import type { FormRuleType } from './incident-settings.records';

/**
 * Commands on a tenant's incident settings. New ids come from the caller (the server generates
 * them). A create or change takes each value as the request schema (libs/contracts) parsed it, or
 * the messages it refused it with (`Checked`), so the decider answers those with its own (blank,
 * length, ordering keys, names taken, references to what the organisation has) all at once. A move
 * or a delete takes values the schema guarantees. Lists whose entries the decider checks one by
 * one (display conditions, a group's fields, preset values) arrive as lists of what was sent.
 */

/** `order` of a create: a key, or left out, null or '' for after the last. */
type GivenOrder = Checked<string | null>;

export interface CreateIncidentField {
  readonly type: 'CreateIncidentField';
  readonly data: { fieldId: string; label: Checked<string>; field_type: Checked<IncidentFieldType>; is_pii?: Checked<boolean>; order?: GivenOrder };
}

export interface ChangeIncidentField {
  readonly type: 'ChangeIncidentField';
  readonly data: { fieldId: string; label: Checked<string>; field_type: Checked<IncidentFieldType>; is_pii?: Checked<boolean> };
}

export interface MoveIncidentField {
  readonly type: 'MoveIncidentField';
  readonly data: { fieldId: string; order: string };
}

export interface DeleteIncidentField {
  readonly type: 'DeleteIncidentField';
  readonly data: { fieldId: string };
}

export interface AddFieldChoiceOption {
  readonly type: 'AddFieldChoiceOption';
  readonly data: { optionId: string; field: Checked<string>; value: Checked<string> };
}

export interface ChangeFieldChoiceOption {
  readonly type: 'ChangeFieldChoiceOption';
  readonly data: { optionId: string; field?: Checked<string>; value: Checked<string> };
}

export interface DeleteFieldChoiceOption {
  readonly type: 'DeleteFieldChoiceOption';
  readonly data: { optionId: string };
}

export interface CreateIncidentForm {
  readonly type: 'CreateIncidentForm';
  readonly data: { formId: string; name: Checked<string>; order?: GivenOrder };
}

export interface RenameIncidentForm {
  readonly type: 'RenameIncidentForm';
  readonly data: { formId: string; name: Checked<string> };
}

export interface MoveIncidentForm {
  readonly type: 'MoveIncidentForm';
  readonly data: { formId: string; order: string };
}

export interface DeleteIncidentForm {
  readonly type: 'DeleteIncidentForm';
  readonly data: { formId: string };
}

/** The body of a field group create or change. */
export interface FieldGroupInput {
  readonly title: Checked<string>;
  readonly content?: Checked<string | null>;
  readonly form: Checked<string>;
  readonly order?: GivenOrder;
  readonly display_conditions?: Checked<readonly unknown[] | null>;
  readonly form_field_mappings?: Checked<readonly unknown[] | null>;
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
  readonly data: { fieldGroupId: string; order: string };
}

export interface DeleteFieldGroup {
  readonly type: 'DeleteFieldGroup';
  readonly data: { fieldGroupId: string };
}

/** DELETE /api/incidents/conditions/field/{id}/: the field's conditions go from the groups named. */
export interface DeleteFieldDisplayConditions {
  readonly type: 'DeleteFieldDisplayConditions';
  readonly data: { fieldId: string; field_group_ids: readonly string[] };
}

/** The body of a form rule create or change. */
export interface FormRuleInput {
  readonly name?: Checked<string | null>;
  readonly for_field: Checked<string>;
  readonly type: Checked<FormRuleType>;
  readonly value: Checked<string>;
  readonly message: Checked<string>;
  readonly order?: GivenOrder;
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
  readonly data: { ruleId: string; formId: string; order: string };
}

export interface DeleteFormRule {
  readonly type: 'DeleteFormRule';
  readonly data: { ruleId: string; formId: string };
}

/** DELETE /api/incidents/rules/field/{id}/: the rules named, all of them rules of that field. */
export interface DeleteFieldRules {
  readonly type: 'DeleteFieldRules';
  readonly data: { fieldId: string; rules: readonly string[] };
}

/** A template's values (`data` of a create, `incident_template` of a change); on a change, what is left out stays. */
export interface IncidentTemplateInput {
  readonly name: Checked<string>;
  readonly form: Checked<string>;
  readonly incident_title?: Checked<string | null>;
  readonly subdomain?: Checked<string | null>;
  /** label_color, header_color, logo_url: checked by the decider, its messages under template_branding. */
  readonly template_branding?: Checked<Readonly<Record<string, unknown>> | null>;
  readonly field_values?: Checked<readonly unknown[] | null>;
}

/**
 * A template create or change. `knownUploads`: the upload records of the attachment keys its preset
 * values name (the organisation's only; none when absent), as for incident saves.
 */
export interface CreateIncidentTemplate {
  readonly type: 'CreateIncidentTemplate';
  readonly data: { templateId: string; template: IncidentTemplateInput; knownUploads?: KnownUploads };
}

export interface ChangeIncidentTemplate {
  readonly type: 'ChangeIncidentTemplate';
  readonly data: { templateId: string; template: IncidentTemplateInput; knownUploads?: KnownUploads };
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
