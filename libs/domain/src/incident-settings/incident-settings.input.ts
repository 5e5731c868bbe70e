import { isOrderingKey, keyAtEnd } from '../incident/ordering-keys';
import { validationError } from '../shared/domain-errors';
import { BLANK, NOT_A_BOOLEAN, NOT_A_LIST, NOT_A_STRING, NOT_AN_OBJECT, notAChoice, NULL, REQUIRED, tooLong } from '../shared/field-messages';

/**
 * Checks of request values that arrive unchecked, collecting one message list per field so a bad
 * request is answered with every problem at once (400 `{detail, field: [...]}`).
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
export { BLANK, NOT_A_BOOLEAN, NOT_A_LIST, NOT_A_STRING, NOT_AN_OBJECT, NULL, REQUIRED };
export const ORDER_INVALID = 'An ordering key is a non-empty string of lowercase letters a-z.';
export { notAChoice, tooLong };
/** A reference in the body to something the organisation does not have. */
export const doesNotExist = (id: unknown) => `Invalid pk "${typeof id === 'string' ? id : JSON.stringify(id)}" - object does not exist.`;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string the caller must give: trimmed, not blank, at most `max` characters. */
export function requiredText(messages: FieldMessages, field: string, value: unknown, max: number): string {
  if (value === undefined) messages.add(field, REQUIRED);
  else if (value === null) messages.add(field, NULL);
  else if (typeof value !== 'string') messages.add(field, NOT_A_STRING);
  else if (!value.trim()) messages.add(field, BLANK);
  else if (value.trim().length > max) messages.add(field, tooLong(max));
  else return value.trim();
  return '';
}

/** A string the caller may leave out (`fallback` then): trimmed, at most `max` characters. */
export function optionalText(messages: FieldMessages, field: string, value: unknown, max: number, fallback = ''): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') messages.add(field, NOT_A_STRING);
  else if (value.trim().length > max) messages.add(field, tooLong(max));
  else return value.trim();
  return fallback;
}

export function optionalBoolean(messages: FieldMessages, field: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    messages.add(field, NOT_A_BOOLEAN);
    return fallback;
  }
  return value;
}

/** A referenced id: a non-blank string. */
export function requiredId(messages: FieldMessages, field: string, value: unknown): string {
  if (value === undefined) messages.add(field, REQUIRED);
  else if (value === null) messages.add(field, NULL);
  else if (typeof value !== 'string') messages.add(field, NOT_A_STRING);
  else if (!value.trim()) messages.add(field, BLANK);
  else return value;
  return '';
}

/** The order the caller gives, or the key after the last of `siblings` when none is given. */
export function orderOrAtEnd(messages: FieldMessages, value: unknown, siblings: readonly { readonly order: string }[]): string {
  if (value === undefined || value === null || value === '') return keyAtEndOf(siblings);
  if (!isOrderingKey(value)) {
    messages.add('order', ORDER_INVALID);
    return '';
  }
  return value;
}

/** The order of a move (PATCH): required and a valid key. */
export function requiredOrder(value: unknown): string {
  if (isOrderingKey(value)) return value;
  throw validationError('Invalid order.', { order: [value === undefined ? REQUIRED : ORDER_INVALID] });
}

/** The key after the last sibling ('zzzzz' when there is none); equal keys may exist, so they are merged first. */
export const keyAtEndOf = (siblings: readonly { readonly order: string }[]) =>
  keyAtEnd([...new Set(siblings.map((sibling) => sibling.order))].sort());

/** A list of ids (a DELETE body); each must be a string. */
export function idList(field: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw validationError(`Invalid ${field}.`, { [field]: [value === undefined ? REQUIRED : NOT_A_LIST] });
  if (!value.every((id): id is string => typeof id === 'string'))
    throw validationError(`Invalid ${field}.`, { [field]: ['Every entry must be an id (a string).'] });
  return [...new Set(value)];
}
