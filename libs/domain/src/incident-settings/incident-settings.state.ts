import type { IncidentSettingsEvent } from './incident-settings.events';
import type {
  DisplayConditionRecord,
  FieldChoiceOptionRecord,
  FieldGroupRecord,
  FormRuleRecord,
  IncidentFieldRecord,
  IncidentFormRecord,
  IncidentTemplateRecord,
} from './incident-settings.records';

/**
 * A tenant's incident settings: every field, choice option, form, field group, form rule and template
 * of the organisation, keyed by id. One aggregate holds them all so that cross-references (a group's
 * mappings, a rule's field, a condition's field, a template's form) are checked against one state.
 * An organisation with no settings yet is simply empty. Maps, because callers name ids: a plain
 * object would answer "constructor" or "__proto__" with what every object inherits.
 */
export interface IncidentSettingsState {
  readonly fields: ReadonlyMap<string, IncidentFieldRecord>;
  /** Options in the order they were added. */
  readonly options: ReadonlyMap<string, FieldChoiceOptionRecord>;
  readonly forms: ReadonlyMap<string, IncidentFormRecord>;
  readonly fieldGroups: ReadonlyMap<string, FieldGroupRecord>;
  readonly rules: ReadonlyMap<string, FormRuleRecord>;
  readonly templates: ReadonlyMap<string, IncidentTemplateRecord>;
}

export const initialIncidentSettingsState = (): IncidentSettingsState => ({
  fields: new Map(),
  options: new Map(),
  forms: new Map(),
  fieldGroups: new Map(),
  rules: new Map(),
  templates: new Map(),
});

const put = <T>(records: ReadonlyMap<string, T>, id: string, record: T): ReadonlyMap<string, T> => new Map(records).set(id, record);

function without<T>(records: ReadonlyMap<string, T>, ids: readonly string[]): ReadonlyMap<string, T> {
  const next = new Map(records);
  for (const id of ids) next.delete(id);
  return next;
}

function patch<T>(records: ReadonlyMap<string, T>, id: string, change: (record: T) => T): ReadonlyMap<string, T> {
  const record = records.get(id);
  return record === undefined ? records : put(records, id, change(record));
}

function patchGroups(
  groups: ReadonlyMap<string, FieldGroupRecord>,
  ids: readonly string[],
  change: (group: FieldGroupRecord) => FieldGroupRecord,
): ReadonlyMap<string, FieldGroupRecord> {
  return ids.reduce((current, id) => patch(current, id, change), groups);
}

/** A group without the field: its mapping of the field goes (its conditions are gone before a field can be). */
export const withoutFieldMapping = (group: FieldGroupRecord, fieldId: string): FieldGroupRecord => ({
  ...group,
  form_field_mappings: group.form_field_mappings.filter((mapping) => mapping.field !== fieldId),
});

export const withoutFieldConditions = (group: FieldGroupRecord, fieldId: string): FieldGroupRecord => ({
  ...group,
  display_conditions: group.display_conditions.filter((condition) => condition.field_id !== fieldId),
});

export const withConditionFieldType = (group: FieldGroupRecord, field: IncidentFieldRecord): FieldGroupRecord => ({
  ...group,
  display_conditions: group.display_conditions.map(
    (condition): DisplayConditionRecord => (condition.field_id === field.id ? { ...condition, field_type: field.field_type } : condition),
  ),
});

export function evolveIncidentSettings(state: IncidentSettingsState, event: IncidentSettingsEvent): IncidentSettingsState {
  switch (event.type) {
    case 'IncidentFieldCreated':
      return { ...state, fields: put(state.fields, event.data.field.id, event.data.field) };
    case 'IncidentFieldChanged': {
      const { field } = event.data;
      return {
        ...state,
        fields: put(state.fields, field.id, field),
        options: without(state.options, event.data.droppedOptionIds),
        fieldGroups: patchGroups(state.fieldGroups, event.data.conditionFieldGroupIds, (group) => withConditionFieldType(group, field)),
      };
    }
    case 'IncidentFieldMoved':
      return { ...state, fields: patch(state.fields, event.data.fieldId, (field) => ({ ...field, order: event.data.order })) };
    case 'IncidentFieldDeleted':
      return {
        ...state,
        fields: without(state.fields, [event.data.fieldId]),
        options: without(state.options, event.data.optionIds),
        fieldGroups: patchGroups(state.fieldGroups, event.data.fieldGroupIds, (group) => withoutFieldMapping(group, event.data.fieldId)),
      };
    case 'FieldChoiceOptionAdded':
    case 'FieldChoiceOptionChanged':
      return { ...state, options: put(state.options, event.data.option.id, event.data.option) };
    case 'FieldChoiceOptionDeleted':
      return { ...state, options: without(state.options, [event.data.optionId]) };
    case 'IncidentFormCreated':
      return { ...state, forms: put(state.forms, event.data.form.id, event.data.form) };
    case 'IncidentFormRenamed':
      return { ...state, forms: patch(state.forms, event.data.formId, (form) => ({ ...form, name: event.data.name })) };
    case 'IncidentFormMoved':
      return { ...state, forms: patch(state.forms, event.data.formId, (form) => ({ ...form, order: event.data.order })) };
    case 'IncidentFormDeleted':
      return {
        ...state,
        forms: without(state.forms, [event.data.formId]),
        fieldGroups: without(state.fieldGroups, event.data.fieldGroupIds),
        rules: without(state.rules, event.data.ruleIds),
      };
    case 'FieldGroupCreated':
    case 'FieldGroupChanged':
      return { ...state, fieldGroups: put(state.fieldGroups, event.data.fieldGroup.id, event.data.fieldGroup) };
    case 'FieldGroupMoved':
      return { ...state, fieldGroups: patch(state.fieldGroups, event.data.fieldGroupId, (group) => ({ ...group, order: event.data.order })) };
    case 'FieldGroupDeleted':
      return { ...state, fieldGroups: without(state.fieldGroups, [event.data.fieldGroupId]) };
    case 'FieldDisplayConditionsDeleted':
      return {
        ...state,
        fieldGroups: patchGroups(state.fieldGroups, event.data.fieldGroupIds, (group) => withoutFieldConditions(group, event.data.fieldId)),
      };
    case 'FormRuleCreated':
    case 'FormRuleChanged':
      return { ...state, rules: put(state.rules, event.data.rule.id, event.data.rule) };
    case 'FormRuleMoved':
      return { ...state, rules: patch(state.rules, event.data.ruleId, (rule) => ({ ...rule, order: event.data.order })) };
    case 'FormRuleDeleted':
      return { ...state, rules: without(state.rules, [event.data.ruleId]) };
    case 'IncidentTemplateCreated':
    case 'IncidentTemplateChanged':
      return { ...state, templates: put(state.templates, event.data.template.id, event.data.template) };
    case 'IncidentTemplateDeleted':
      return { ...state, templates: without(state.templates, [event.data.templateId]) };
  }
}
