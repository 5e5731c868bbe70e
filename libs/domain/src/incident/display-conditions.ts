import type { CustomerPermission } from '../shared/permissions';

/**
 * Display conditions on incident field groups (spec part 1, sections 3 and 4). One implementation,
 * used by both the server and the console.
 */

export const INCIDENT_FIELD_TYPES = [
  'TEXT',
  'TEXTAREA',
  'NUMBER',
  'DATE',
  'TIME',
  'DATETIME',
  'ATTACHMENT',
  'CHECKBOX',
  'SINGLESELECT',
  'MULTISELECT',
] as const;
export type IncidentFieldType = (typeof INCIDENT_FIELD_TYPES)[number];

export function isIncidentFieldType(value: unknown): value is IncidentFieldType {
  return typeof value === 'string' && (INCIDENT_FIELD_TYPES as readonly string[]).includes(value);
}

export const DISPLAY_CONDITION_TYPES = ['state', 'permission', 'field'] as const;
export type DisplayConditionType = (typeof DISPLAY_CONDITION_TYPES)[number];

export type IncidentEntityId = number | string;

export interface DisplayCondition {
  field_group_id?: IncidentEntityId | null;
  /** The field a `field` condition looks at. */
  field_id?: IncidentEntityId | null;
  /** The expected state, permission or field value. */
  value?: string | number | boolean | null;
  type: DisplayConditionType;
  /** Further accepted values; when non-empty they are used instead of `value` (any one matches). */
  values?: readonly unknown[] | null;
  /** The field id (fallback for `field_id`). */
  field?: IncidentEntityId | null;
  field_group?: IncidentEntityId | null;
  /** The type of the field a `field` condition looks at; falls back to the field value's type. */
  field_type?: IncidentFieldType | string | null;
}

export interface IncidentFieldValueEntry {
  field_type?: IncidentFieldType | string | null;
  values: readonly unknown[];
}

export interface DisplayConditionContext {
  /** The incident's current state; a new incident may have none. */
  state?: string | null;
  permission: CustomerPermission | string;
  /** The incident's field values keyed by field id (a Map: a condition may name any id, "constructor" too). */
  fieldValues: ReadonlyMap<string, IncidentFieldValueEntry>;
}

/** Field types whose "no values" condition means "the field is absent or empty". */
const EMPTY_MATCH_FIELD_TYPES: readonly string[] = ['ATTACHMENT', 'CHECKBOX'];

/**
 * A value entry as comparable strings: primitives as themselves; objects (choice options,
 * attachments, entries carrying `is_expired`) by their `value` and `id`.
 */
function comparable(entry: unknown): string[] {
  if (entry === null || entry === undefined) return [];
  if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') return [String(entry)];
  if (typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    return ['value', 'id'].flatMap((key) => {
      const inner = record[key];
      return typeof inner === 'string' || typeof inner === 'number' || typeof inner === 'boolean' ? [String(inner)] : [];
    });
  }
  return [];
}

/** An entry is empty when it is null, undefined, '' or an object whose `value` is one of those. */
function isEmptyEntry(entry: unknown): boolean {
  if (entry === null || entry === undefined || entry === '') return true;
  if (typeof entry === 'object' && !Array.isArray(entry)) {
    const record = entry as Record<string, unknown>;
    if ('value' in record) return isEmptyEntry(record.value);
    return Object.keys(record).length === 0;
  }
  return false;
}

/** The condition's expected values: `values` when non-empty, else `value`; empties dropped. */
function expectedValues(condition: DisplayCondition): string[] {
  const listed = (condition.values ?? []).flatMap(comparable).filter((v) => v !== '');
  if (listed.length > 0) return listed;
  return comparable(condition.value).filter((v) => v !== '');
}

function conditionFieldId(condition: DisplayCondition): string | undefined {
  const id = condition.field_id ?? condition.field;
  return id === null || id === undefined || id === '' ? undefined : String(id);
}

/**
 * Whether one condition is met:
 * - `state`: an expected value equals the current state, both lower-cased (a missing state is '');
 * - `permission`: an expected value equals the user's customer permission, both upper-cased;
 * - `field`: some value of the field equals an expected value, compared as strings (exact case).
 *   For SINGLESELECT and MULTISELECT that means any selected option (by value or id) matches.
 *   For ATTACHMENT and CHECKBOX fields with no expected values, the condition is met when the field
 *   is absent or empty (no entries, or only null / undefined / '' entries). For any other field
 *   type a condition with no expected value is never met, and so is a condition on a field that
 *   has no values in the context.
 * Unknown condition types are never met.
 */
export function isDisplayConditionMet(condition: DisplayCondition, context: DisplayConditionContext): boolean {
  const expected = expectedValues(condition);
  switch (condition.type) {
    case 'state': {
      const state = (context.state ?? '').toLowerCase();
      return expected.some((value) => value.toLowerCase() === state);
    }
    case 'permission': {
      const permission = String(context.permission ?? '').toUpperCase();
      return expected.some((value) => value.toUpperCase() === permission);
    }
    case 'field': {
      const fieldId = conditionFieldId(condition);
      const fieldValue = fieldId === undefined ? undefined : context.fieldValues.get(fieldId);
      const fieldType = String(condition.field_type ?? fieldValue?.field_type ?? '').toUpperCase();
      const entries = fieldValue?.values ?? [];
      if (expected.length === 0) {
        return EMPTY_MATCH_FIELD_TYPES.includes(fieldType) && entries.every(isEmptyEntry);
      }
      const actual = new Set(entries.flatMap(comparable));
      return expected.some((value) => actual.has(value));
    }
    default:
      return false;
  }
}

/** A field group is shown only when all its conditions are met; no conditions means shown. */
export function isFieldGroupShown(
  conditions: readonly DisplayCondition[] | null | undefined,
  context: DisplayConditionContext,
): boolean {
  return (conditions ?? []).every((condition) => isDisplayConditionMet(condition, context));
}

/** The field groups to show, in their given order. */
export function shownFieldGroups<G extends { display_conditions?: readonly DisplayCondition[] | null }>(
  groups: readonly G[],
  context: DisplayConditionContext,
): G[] {
  return groups.filter((group) => isFieldGroupShown(group.display_conditions, context));
}
