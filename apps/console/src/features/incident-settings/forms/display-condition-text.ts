import type { DisplayConditionDto, IncidentFieldDto } from '@beacon/contracts';

/** The incident states a state condition offers (spec: active, monitoring, resolved, closed). */
export const CONDITION_STATES = ['active', 'monitoring', 'resolved', 'closed'] as const;

/** Field types whose condition may expect nothing: met while the field is empty (libs/domain display-conditions). */
export const EMPTY_MATCH_TYPES: readonly string[] = ['ATTACHMENT', 'CHECKBOX'];

/** The values a condition expects: `values` when it has some, else `value`. */
export function expectedValues(condition: DisplayConditionDto): unknown[] {
  const listed = (condition.values ?? []).filter((value) => value !== null && value !== undefined && value !== '');
  if (listed.length > 0) return listed;
  return condition.value === null || condition.value === undefined || condition.value === '' ? [] : [condition.value];
}

const quoted = (texts: readonly string[]) => texts.map((text) => `“${text}”`).join(' or ');

/** A condition in words, for a user who may not change it: "Shown when the state is active". */
export function displayConditionText(condition: DisplayConditionDto, fields: ReadonlyMap<string, IncidentFieldDto>): string {
  const expected = expectedValues(condition).map(String);
  if (condition.type === 'state') return `Shown when the state is ${quoted(expected)}`;
  if (condition.type === 'permission') return `Shown to users with the permission ${quoted(expected)}`;
  const field = condition.field_id ? fields.get(condition.field_id) : undefined;
  const label = field ? `“${field.label}”` : 'a field no longer in use';
  if (expected.length === 0) return `Shown while ${label} is empty`;
  const options = new Map(field?.options.map((option) => [option.id, option.value]));
  if (condition.field_type === 'CHECKBOX' && expected.every((value) => value === 'true')) return `Shown when ${label} is checked`;
  return `Shown when ${label} is ${quoted(expected.map((value) => options.get(value) ?? value))}`;
}
