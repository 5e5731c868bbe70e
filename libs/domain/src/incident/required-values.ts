import type { DisplayCondition, DisplayConditionContext, IncidentEntityId, IncidentFieldValueEntry } from './display-conditions';
import { isFieldGroupShown } from './display-conditions';
import { ownValue } from '../shared/own-value';

/**
 * Required values of an incident save (spec part 1 §5): every mapping marked is_required, in each
 * field group that is shown and not ignored, needs a value in the payload. One implementation for
 * the server (which answers 400) and the console (which stops the save), so both say the same.
 */
export const REQUIRED_VALUE_MESSAGE = 'Please enter a value. This field is required.';

/** What of a form snapshot the check reads (the snapshot DTO has more). */
export interface RequiredValuesForm {
  readonly field_groups: readonly {
    readonly id: IncidentEntityId;
    readonly title: string;
    readonly display_conditions?: readonly DisplayCondition[] | null;
    readonly form_field_mappings: readonly { readonly field: IncidentEntityId; readonly is_required: boolean }[];
  }[];
  /** By field id, as a stored snapshot holds them (read with ownValue). */
  readonly fields: Readonly<Record<string, { readonly label: string; readonly field_type?: string } | undefined>>;
}

export interface RequiredValuesPayloadEntry {
  readonly field: IncidentEntityId;
  readonly field_group: IncidentEntityId;
  readonly values: readonly unknown[];
}

export interface RequiredValueGap {
  readonly field_group: string;
  readonly field_group_title: string;
  readonly field: string;
  readonly field_label: string;
}

/** Who is saving and in which state: what display conditions of type state and permission look at. */
export interface RequiredValuesContext {
  readonly state?: string | null;
  readonly permission: string;
}

/** An entry flagged `is_expired: true` (an expired link, a lapsed value) is removed before saving. */
export function isExpiredEntry(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && (entry as { is_expired?: unknown }).is_expired === true;
}

export function withoutExpiredValues<T>(values: readonly T[]): T[] {
  return values.filter((entry) => !isExpiredEntry(entry));
}

/** A value is there when some entry is not null, undefined, blank text, or an object whose `value` is one of those. */
export function hasValue(values: readonly unknown[] | undefined): boolean {
  return (values ?? []).some(isFilledEntry);
}

function isFilledEntry(entry: unknown): boolean {
  if (entry === null || entry === undefined) return false;
  if (typeof entry === 'string') return entry.trim() !== '';
  if (typeof entry === 'number') return Number.isFinite(entry);
  if (typeof entry === 'boolean') return true;
  if (Array.isArray(entry)) return entry.some(isFilledEntry);
  if (typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    if ('value' in record) return isFilledEntry(record.value);
    return Object.keys(record).length > 0;
  }
  return false;
}

/** The payload's values per field id (across groups), in the shape display conditions read. */
export function fieldValuesOf(
  form: RequiredValuesForm,
  payload: readonly RequiredValuesPayloadEntry[],
): Map<string, IncidentFieldValueEntry> {
  const byField = new Map<string, IncidentFieldValueEntry>();
  for (const entry of payload) {
    const id = String(entry.field);
    const values = withoutExpiredValues(entry.values ?? []);
    const known = byField.get(id);
    byField.set(id, { field_type: ownValue(form.fields, id)?.field_type ?? null, values: known ? [...known.values, ...values] : values });
  }
  return byField;
}

/**
 * The required values missing from a save, in form order: for each shown, non-ignored field group,
 * each required mapping whose field has no value (expired entries do not count) in that group.
 */
export function missingRequiredValues(
  form: RequiredValuesForm,
  payload: readonly RequiredValuesPayloadEntry[],
  ignoredFieldGroups: readonly IncidentEntityId[],
  context: RequiredValuesContext,
): RequiredValueGap[] {
  const ignored = new Set(ignoredFieldGroups.map(String));
  const conditionContext: DisplayConditionContext = {
    state: context.state ?? null,
    permission: context.permission,
    fieldValues: fieldValuesOf(
      form,
      payload.filter((entry) => !ignored.has(String(entry.field_group))),
    ),
  };
  const gaps: RequiredValueGap[] = [];
  for (const group of form.field_groups) {
    const groupId = String(group.id);
    if (ignored.has(groupId) || !isFieldGroupShown(group.display_conditions, conditionContext)) continue;
    for (const mapping of group.form_field_mappings) {
      if (!mapping.is_required) continue;
      const fieldId = String(mapping.field);
      const entry = payload.find((candidate) => String(candidate.field) === fieldId && String(candidate.field_group) === groupId);
      if (hasValue(withoutExpiredValues(entry?.values ?? []))) continue;
      gaps.push({
        field_group: groupId,
        field_group_title: group.title,
        field: fieldId,
        field_label: ownValue(form.fields, fieldId)?.label ?? fieldId,
      });
    }
  }
  return gaps;
}

/** The message for a gap, naming its group and field: "Details › Location: Please enter a value. This field is required." */
export function requiredValueText(gap: RequiredValueGap): string {
  return `${gap.field_group_title} › ${gap.field_label}: ${REQUIRED_VALUE_MESSAGE}`;
}
