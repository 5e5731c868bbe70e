import type { IncidentFormSnapshot } from '../incident-settings/form-snapshot';
import { BLANK, FieldMessages, ORDER_INVALID, accepted, tooLong } from '../incident-settings/incident-settings.input';
import type { Checked } from '../shared/field-messages';
import { validationError } from '../shared/domain-errors';
import { isOrderingKey, keyAtStart } from './ordering-keys';

/** Checks of the single values of incident requests (title, order, version), collected per field. */

export const INCIDENT_TITLE_MAX_LENGTH = 200;

/** 400 with every field message; the first message is the detail, so the console's one-line error says what is wrong. */
export function check(messages: FieldMessages): void {
  const first = Object.values(messages.fields)[0]?.[0];
  if (first !== undefined) throw validationError(first, messages.fields);
}

/** The title of a new incident when none is given: the template's incident title, else the form's name. */
export function defaultIncidentTitle(form: Pick<IncidentFormSnapshot, 'name'>, template: { incident_title: string } | null): string {
  return (template?.incident_title.trim() || form.name.trim()).slice(0, INCIDENT_TITLE_MAX_LENGTH);
}

/** A start's title: trimmed, at most 200 characters; blank or absent gives `fallback`. */
export function startTitle(messages: FieldMessages, checked: Checked<string | null> | undefined, fallback: string): string {
  const value = checked === undefined ? null : accepted(messages, 'incident_title', checked)?.value;
  if (value === undefined || value === null) return fallback;
  if (value.trim().length > INCIDENT_TITLE_MAX_LENGTH) messages.add('incident_title', tooLong(INCIDENT_TITLE_MAX_LENGTH));
  else return value.trim() || fallback;
  return fallback;
}

/** A changed title: absent leaves it; otherwise required, trimmed, at most 200 characters. */
export function changedTitle(messages: FieldMessages, checked: Checked<string> | undefined): string | undefined {
  const value = checked === undefined ? undefined : accepted(messages, 'incident_title', checked)?.value;
  if (value === undefined) return undefined;
  if (!value.trim()) messages.add('incident_title', BLANK);
  else if (value.trim().length > INCIDENT_TITLE_MAX_LENGTH) messages.add('incident_title', tooLong(INCIDENT_TITLE_MAX_LENGTH));
  else return value.trim();
  return undefined;
}

/** The version an edit was based on: absent means the current one; else a whole number from 1 to the current. */
export function baseVersion(messages: FieldMessages, checked: Checked<number | null> | undefined, current: number): number {
  const value = checked === undefined ? null : accepted(messages, 'version', checked)?.value;
  if (value === undefined || value === null) return current;
  if (value < 1 || value > current) messages.add('version', `Ensure this value is between 1 and ${current}, the current version.`);
  else return value;
  return current;
}

/** The order a caller gives (a valid ordering key), or `fallback` when none is given. */
export function givenOrder(messages: FieldMessages, checked: Checked<string | null> | undefined, fallback: string): string {
  const value = checked === undefined ? null : accepted(messages, 'order', checked)?.value;
  if (value === undefined || value === null || value === '') return fallback;
  if (isOrderingKey(value)) return value;
  messages.add('order', ORDER_INVALID);
  return fallback;
}

/**
 * The order of a new incident: before the first of the list (`firstOrder`, null for an empty list).
 * Nothing sorts before a key of only a's (a client may have moved an incident there): the new
 * incident then shares that key, a tie, rather than failing to start.
 */
export function orderAtTop(firstOrder: string | null): string {
  if (firstOrder === null || !isOrderingKey(firstOrder)) return keyAtStart([]);
  return /^a+$/.test(firstOrder) ? firstOrder : keyAtStart([firstOrder]);
}
