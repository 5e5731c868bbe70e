import type { IncidentFieldType } from '../incident/display-conditions';
import type { IncidentSettingsState } from './incident-settings.state';
import {
  formFieldGroupsOf,
  fieldGroupView,
  fieldOptionsOf,
  formRuleView,
  formRulesOf,
  incidentTemplateView,
  type FieldChoiceOptionView,
  type FieldGroupView,
  type FormRuleView,
  type IncidentTemplateView,
} from './incident-settings.views';

/** A field as an incident's form snapshot holds it (contracts' SnapshotFieldDto). */
export interface SnapshotField {
  id: string;
  label: string;
  field_type: IncidentFieldType;
  is_pii: boolean;
  options: FieldChoiceOptionView[];
}

/**
 * The form an incident keeps from the moment it started (contracts' FormSnapshotDto), so later
 * changes to the settings do not change what the incident shows or how it is checked.
 */
export interface IncidentFormSnapshot {
  id: string;
  name: string;
  /** In order. */
  field_groups: FieldGroupView[];
  /** Every field the groups map, by id, with its choice options (read with ownValue: a stored document's plain object). */
  fields: Record<string, SnapshotField>;
  /** In order. */
  rules: FormRuleView[];
}

/** The snapshot of the form `formId` as the settings now stand; null when the tenant has no such form. */
export function incidentFormSnapshot(state: IncidentSettingsState, formId: string): IncidentFormSnapshot | null {
  const form = state.forms.get(formId);
  if (!form) return null;
  const groups = formFieldGroupsOf(state, formId);
  const fields = new Map<string, SnapshotField>();
  for (const group of groups) {
    for (const mapping of group.form_field_mappings) {
      const field = state.fields.get(mapping.field);
      if (!field || fields.has(field.id)) continue;
      fields.set(field.id, { id: field.id, label: field.label, field_type: field.field_type, is_pii: field.is_pii, options: fieldOptionsOf(state, field.id) });
    }
  }
  return {
    id: form.id,
    name: form.name,
    field_groups: groups.map(fieldGroupView),
    // Stored and answered as JSON, so an object; read it with ownValue.
    fields: Object.fromEntries(fields),
    rules: formRulesOf(state, formId).map(formRuleView),
  };
}

/**
 * The template `templateId` (contracts' IncidentTemplateDto: its form, incident title, subdomain and
 * preset values, `is_open` false); null when the tenant has no such template.
 */
export function incidentTemplateOf(state: IncidentSettingsState, templateId: string): IncidentTemplateView | null {
  const template = state.templates.get(templateId);
  return template ? incidentTemplateView(state, template) : null;
}
