import type { DomainEvent } from '../shared/decider';
import type {
  FieldChoiceOptionRecord,
  FieldGroupRecord,
  FormRuleRecord,
  IncidentFieldRecord,
  IncidentFormRecord,
  IncidentTemplateRecord,
} from './incident-settings.records';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const INCIDENT_SETTINGS_EVENT_VERSIONS = {
  IncidentFieldCreated: 1,
  IncidentFieldChanged: 1,
  IncidentFieldMoved: 1,
  IncidentFieldDeleted: 1,
  FieldChoiceOptionAdded: 1,
  FieldChoiceOptionChanged: 1,
  FieldChoiceOptionDeleted: 1,
  IncidentFormCreated: 1,
  IncidentFormRenamed: 1,
  IncidentFormMoved: 1,
  IncidentFormDeleted: 1,
  FieldGroupCreated: 1,
  FieldGroupChanged: 1,
  FieldGroupMoved: 1,
  FieldGroupDeleted: 1,
  FieldDisplayConditionsDeleted: 1,
  FormRuleCreated: 1,
  FormRuleChanged: 1,
  FormRuleMoved: 1,
  FormRuleDeleted: 1,
  IncidentTemplateCreated: 1,
  IncidentTemplateChanged: 1,
  IncidentTemplateDeleted: 1,
  IncidentTemplateSubdomainClaimed: 1,
  IncidentTemplateSubdomainReleased: 1,
} as const;

export type IncidentFieldCreated = DomainEvent<'IncidentFieldCreated', { field: IncidentFieldRecord }>;

/**
 * The field as it now is. A field that stops being a choice field loses its options
 * (`droppedOptionIds`); display conditions on it follow its new type (`conditionFieldGroupIds`).
 */
export type IncidentFieldChanged = DomainEvent<
  'IncidentFieldChanged',
  { field: IncidentFieldRecord; droppedOptionIds: string[]; conditionFieldGroupIds: string[] }
>;

export type IncidentFieldMoved = DomainEvent<'IncidentFieldMoved', { fieldId: string; order: string }>;

/** The field, its options and its mappings in the groups named (`fieldGroupIds`) go. */
export type IncidentFieldDeleted = DomainEvent<
  'IncidentFieldDeleted',
  { fieldId: string; optionIds: string[]; fieldGroupIds: string[] }
>;

export type FieldChoiceOptionAdded = DomainEvent<'FieldChoiceOptionAdded', { option: FieldChoiceOptionRecord }>;
export type FieldChoiceOptionChanged = DomainEvent<'FieldChoiceOptionChanged', { option: FieldChoiceOptionRecord }>;
export type FieldChoiceOptionDeleted = DomainEvent<'FieldChoiceOptionDeleted', { optionId: string; fieldId: string }>;

export type IncidentFormCreated = DomainEvent<'IncidentFormCreated', { form: IncidentFormRecord }>;
export type IncidentFormRenamed = DomainEvent<'IncidentFormRenamed', { formId: string; name: string }>;
export type IncidentFormMoved = DomainEvent<'IncidentFormMoved', { formId: string; order: string }>;

/** The form goes with its field groups and rules. */
export type IncidentFormDeleted = DomainEvent<'IncidentFormDeleted', { formId: string; fieldGroupIds: string[]; ruleIds: string[] }>;

export type FieldGroupCreated = DomainEvent<'FieldGroupCreated', { fieldGroup: FieldGroupRecord }>;
/** The group as it now is (it may have moved to another form: `previousFormId`). */
export type FieldGroupChanged = DomainEvent<'FieldGroupChanged', { fieldGroup: FieldGroupRecord; previousFormId: string }>;
export type FieldGroupMoved = DomainEvent<'FieldGroupMoved', { fieldGroupId: string; formId: string; order: string }>;
export type FieldGroupDeleted = DomainEvent<'FieldGroupDeleted', { fieldGroupId: string; formId: string }>;

/** The display conditions on the field are removed from the groups named. */
export type FieldDisplayConditionsDeleted = DomainEvent<'FieldDisplayConditionsDeleted', { fieldId: string; fieldGroupIds: string[] }>;

export type FormRuleCreated = DomainEvent<'FormRuleCreated', { rule: FormRuleRecord }>;
export type FormRuleChanged = DomainEvent<'FormRuleChanged', { rule: FormRuleRecord }>;
export type FormRuleMoved = DomainEvent<'FormRuleMoved', { ruleId: string; formId: string; order: string }>;
export type FormRuleDeleted = DomainEvent<'FormRuleDeleted', { ruleId: string; formId: string; forField: string }>;

export type IncidentTemplateCreated = DomainEvent<'IncidentTemplateCreated', { template: IncidentTemplateRecord }>;
/** The template as it now is; `previousSubdomain` is the one it held before ('' for none). */
export type IncidentTemplateChanged = DomainEvent<'IncidentTemplateChanged', { template: IncidentTemplateRecord; previousSubdomain: string }>;
export type IncidentTemplateDeleted = DomainEvent<'IncidentTemplateDeleted', { templateId: string; subdomain: string }>;

export type IncidentSettingsEvent =
  | IncidentFieldCreated
  | IncidentFieldChanged
  | IncidentFieldMoved
  | IncidentFieldDeleted
  | FieldChoiceOptionAdded
  | FieldChoiceOptionChanged
  | FieldChoiceOptionDeleted
  | IncidentFormCreated
  | IncidentFormRenamed
  | IncidentFormMoved
  | IncidentFormDeleted
  | FieldGroupCreated
  | FieldGroupChanged
  | FieldGroupMoved
  | FieldGroupDeleted
  | FieldDisplayConditionsDeleted
  | FormRuleCreated
  | FormRuleChanged
  | FormRuleMoved
  | FormRuleDeleted
  | IncidentTemplateCreated
  | IncidentTemplateChanged
  | IncidentTemplateDeleted;
