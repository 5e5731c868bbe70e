import { DISPLAY_CONDITION_TYPES, type DisplayConditionType } from '../incident/display-conditions';
import { CUSTOMER_PERMISSIONS } from '../shared/permissions';
import { FieldMessages, accepted, isRecord } from './incident-settings.input';
import type { DisplayConditionRecord } from './incident-settings.records';
import type { IncidentSettingsState } from './incident-settings.state';
import type { Checked } from '../shared/field-messages';

/**
 * Display conditions as a field group's create or change sends them, checked against the
 * organisation's settings: a state condition names incident states, a permission condition names
 * roles, a field condition names one of the organisation's fields (whose type it then records).
 */

/** The states a state condition can name (an incident's states, and draft for one not yet started). */
export const DISPLAY_CONDITION_STATES = ['draft', 'active', 'monitoring', 'resolved', 'closed'] as const;

/** Field types whose condition may expect no value at all (met when the field is empty). */
const EMPTY_MATCH_TYPES: readonly string[] = ['ATTACHMENT', 'CHECKBOX'];

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';

const FIELD = 'display_conditions';

interface Expected {
  value: Primitive | null;
  values: Primitive[] | null;
}

/** `value` (a string, number, boolean or null) and `values` (a list of those, or null), blanks dropped. */
function expectedOf(raw: Record<string, unknown>, label: string, messages: FieldMessages): Expected | null {
  const { value, values } = raw;
  let ok = true;
  if (value !== undefined && value !== null && !isPrimitive(value)) {
    messages.add(FIELD, `${label}: the value must be a text, a number or true/false.`);
    ok = false;
  }
  if (values !== undefined && values !== null && !(Array.isArray(values) && values.every(isPrimitive))) {
    messages.add(FIELD, `${label}: values must be a list of texts, numbers or true/false.`);
    ok = false;
  }
  if (!ok) return null;
  const trim = (entry: Primitive) => (typeof entry === 'string' ? entry.trim() : entry);
  const listed = Array.isArray(values) ? (values as Primitive[]).map(trim).filter((entry) => entry !== '') : [];
  const single = value === undefined || value === null ? null : trim(value as Primitive);
  return { value: single === '' ? null : single, values: listed.length ? listed : null };
}

/** Every expected value of a state or permission condition: one of `allowed` (any case), spelt as `allowed` spells it. */
function namedValues(expected: Expected, allowed: readonly string[], label: string, what: string, messages: FieldMessages): Expected | null {
  const given = [...(expected.value === null ? [] : [expected.value]), ...(expected.values ?? [])];
  if (!given.length) {
    messages.add(FIELD, `${label}: choose the ${what}.`);
    return null;
  }
  const spell = (entry: Primitive) => allowed.find((name) => name.toLowerCase() === String(entry).toLowerCase());
  const unknown = given.filter((entry) => spell(entry) === undefined);
  if (unknown.length) {
    messages.add(FIELD, `${label}: ${unknown.map((entry) => `"${String(entry)}"`).join(', ')} is not a ${what} (one of ${allowed.join(', ')}).`);
    return null;
  }
  return {
    value: expected.value === null ? null : spell(expected.value)!,
    values: expected.values === null ? null : expected.values.map((entry) => spell(entry)!),
  };
}

function condition(
  raw: unknown,
  index: number,
  fieldGroupId: string,
  state: IncidentSettingsState,
  messages: FieldMessages,
): DisplayConditionRecord | null {
  const label = `Condition ${index + 1}`;
  if (!isRecord(raw)) {
    messages.add(FIELD, `${label}: expected an object.`);
    return null;
  }
  const type = raw.type;
  if (!(DISPLAY_CONDITION_TYPES as readonly unknown[]).includes(type)) {
    messages.add(FIELD, `${label}: the type must be one of ${DISPLAY_CONDITION_TYPES.join(', ')}.`);
    return null;
  }
  const expected = expectedOf(raw, label, messages);
  if (!expected) return null;
  const base = { type: type as DisplayConditionType, field_group_id: fieldGroupId, field_id: null, field_type: null };
  if (type === 'state') {
    const named = namedValues(expected, DISPLAY_CONDITION_STATES, label, 'state', messages);
    return named && { ...base, ...named };
  }
  if (type === 'permission') {
    const named = namedValues(expected, CUSTOMER_PERMISSIONS, label, 'permission', messages);
    return named && { ...base, ...named };
  }
  const fieldId = raw.field_id ?? raw.field;
  if (typeof fieldId !== 'string' || !fieldId) {
    messages.add(FIELD, `${label}: choose the field the condition looks at.`);
    return null;
  }
  const field = state.fields.get(fieldId);
  if (!field) {
    messages.add(FIELD, `${label}: the field "${fieldId}" does not exist.`);
    return null;
  }
  if (expected.value === null && expected.values === null && !EMPTY_MATCH_TYPES.includes(field.field_type)) {
    messages.add(FIELD, `${label}: enter the value of "${field.label}" that shows the group.`);
    return null;
  }
  return { ...base, ...expected, field_id: field.id, field_type: field.field_type };
}

/** The conditions checked and completed (field types filled in, the group's id on each); [] when none are given. */
export function displayConditionsInput(
  checked: Checked<readonly unknown[] | null> | undefined,
  fieldGroupId: string,
  state: IncidentSettingsState,
  messages: FieldMessages,
): DisplayConditionRecord[] {
  const value = checked === undefined ? null : accepted(messages, FIELD, checked)?.value;
  if (!value) return [];
  return value.flatMap((raw, index) => condition(raw, index, fieldGroupId, state, messages) ?? []);
}
