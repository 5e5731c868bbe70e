import { isOrderingKey, keyAtEnd } from '../incident/ordering-keys';
import { validationError } from '../shared/domain-errors';
import { BLANK, type Checked, Refused, NOT_A_BOOLEAN, NOT_A_LIST, NOT_A_STRING, NOT_AN_OBJECT, notAChoice, NULL, ORDER_INVALID, REQUIRED, tooLong } from '../shared/field-messages';

/**
 * Checks of request values (as the edge parsed them, or the messages it refused them with),
 * collecting one message list per field so a bad request is answered with every problem at once
 * (400 `{detail, field: [...]}`).
 */
export class FieldMessages {
  readonly fields: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  /** Throws a validation error with every message collected, if there is any. */
  check(detail: string): void {
    if (Object.keys(this.fields).length) throw validationError(detail, this.fields);
  }
}

// The shared field messages, also under this file's names for the settings deciders that import them from here.
export { BLANK, NOT_A_BOOLEAN, NOT_A_LIST, NOT_A_STRING, NOT_AN_OBJECT, NULL, ORDER_INVALID, REQUIRED };
export { notAChoice, tooLong };
/** A reference in the body to something the organisation does not have. */
export const doesNotExist = (id: unknown) => `Invalid pk "${typeof id === 'string' ? id : JSON.stringify(id)}" - object does not exist.`;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value the edge parsed, or null once the messages it was refused with are added under `field`. */
export function accepted<T>(messages: FieldMessages, field: string, checked: Checked<T>): { readonly value: T } | null {
  if (!(checked instanceof Refused)) return { value: checked };
  for (const message of checked.messages) messages.add(field, message);
  return null;
}

/** A string the caller must give: trimmed, not blank, at most `max` characters. */
export function requiredText(messages: FieldMessages, field: string, checked: Checked<string>, max: number): string {
  const given = accepted(messages, field, checked);
  if (!given) return '';
  const text = given.value.trim();
  if (!text) messages.add(field, BLANK);
  else if (text.length > max) messages.add(field, tooLong(max));
  else return text;
  return '';
}

/** A string the caller may leave out or send as null (`fallback` then): trimmed, at most `max` characters. */
export function optionalText(messages: FieldMessages, field: string, checked: Checked<string | null> | undefined, max: number, fallback = ''): string {
  const given = accepted(messages, field, checked);
  if (!given || given.value === undefined || given.value === null) return fallback;
  const text = given.value.trim();
  if (text.length > max) messages.add(field, tooLong(max));
  else return text;
  return fallback;
}

export function optionalBoolean(messages: FieldMessages, field: string, checked: Checked<boolean> | undefined, fallback: boolean): boolean {
  return accepted(messages, field, checked)?.value ?? fallback;
}

/** A referenced id: a string that is not blank. */
export function requiredId(messages: FieldMessages, field: string, checked: Checked<string>): string {
  const given = accepted(messages, field, checked);
  if (!given) return '';
  if (!given.value.trim()) messages.add(field, BLANK);
  else return given.value;
  return '';
}

/** The order the caller gives, or the key after the last of `siblings` when none is given. */
export function orderOrAtEnd(messages: FieldMessages, checked: Checked<string | null> | undefined, siblings: readonly { readonly order: string }[]): string {
  const given = accepted(messages, 'order', checked);
  if (!given) return '';
  const value = given.value;
  if (value === undefined || value === null || value === '') return keyAtEndOf(siblings);
  if (!isOrderingKey(value)) {
    messages.add('order', ORDER_INVALID);
    return '';
  }
  return value;
}

/** The order of a move (PATCH): a valid key. */
export function requiredOrder(value: string): string {
  if (isOrderingKey(value)) return value;
  throw validationError('Invalid order.', { order: [ORDER_INVALID] });
}

/** The key after the last sibling ('zzzzz' when there is none); equal keys may exist, so they are merged first. */
export const keyAtEndOf = (siblings: readonly { readonly order: string }[]) =>
  keyAtEnd([...new Set(siblings.map((sibling) => sibling.order))].sort());

/** A list of ids (a DELETE body), each once. */
export const idList = (ids: readonly string[]): string[] => [...new Set(ids)];
