import type { IncidentDto } from '@beacon/contracts';
import { ownValue, requiredValueText } from '@beacon/domain';
import type { FieldMessage } from '../../shared-ui/incident-fields/IncidentFieldControl';
import { IGNORED_FIELD_GROUPS_FIELD, TITLE_FIELD, valueKey } from './incident-values';
import type { IncidentContext } from './machines/incident.machine';

/** The texts the incident screens show; the module name is the configured one. */

export const savedText = (moduleName: string) => `The ${moduleName} was successfully updated.`;

export const updatedElsewhereText = (by: string | null, moduleName: string) => `${by ?? 'Someone'} updated this ${moduleName}`;

export const CONFLICTING_FIELD_HINT = 'Changed by someone else meanwhile; the current value is shown.';

export const overlapHint = (by: string | null) => `${by ?? 'Someone'} also changed this field; saving keeps your value.`;

/** The messages next to a field: its missing value, the rules it breaks, and others' changes to it. */
export function fieldMessages(context: IncidentContext, fieldGroup: string, field: string): FieldMessage[] {
  const messages: FieldMessage[] = [];
  for (const gap of context.missing) {
    if (gap.field_group === fieldGroup && gap.field === field) messages.push({ kind: 'error', text: requiredValueText(gap) });
  }
  for (const ruleError of context.ruleErrors) {
    if (ruleError.for_field !== field) continue;
    messages.push({ kind: 'error', text: ruleError.message });
    messages.push({ kind: 'hint', text: `Rule: ${ruleError.type} ${ruleError.value}` });
  }
  if (context.conflict?.conflictingFields.includes(field)) messages.push({ kind: 'hint', text: CONFLICTING_FIELD_HINT });
  const key = valueKey(fieldGroup, field);
  if (Object.hasOwn(context.overlaps, key)) messages.push({ kind: 'hint', text: overlapHint(context.overlaps[key]) });
  return messages;
}

/** The names of the fields in a conflict, as the user reads them. */
export function conflictingFieldNames(incident: IncidentDto, conflictingFields: readonly string[]): string[] {
  return conflictingFields.map((field) => {
    if (field === TITLE_FIELD) return 'Title';
    if (field === 'state') return 'State';
    if (field === IGNORED_FIELD_GROUPS_FIELD) return 'Ignored groups';
    return ownValue(incident.form_snapshot.fields, field)?.label ?? field;
  });
}
