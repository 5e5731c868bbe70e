/**
 * The field messages the API answers, in the spec's words (those of Django REST framework, which the
 * spec's console expects), each written once here. Texts of one rule stay beside that rule.
 */
export const REQUIRED = 'This field is required.';
export const BLANK = 'This field may not be blank.';
export const NULL = 'This field may not be null.';
export const NOT_A_STRING = 'Not a valid string.';
export const NOT_A_BOOLEAN = 'Must be a valid boolean.';
export const NOT_AN_INTEGER = 'A valid integer is required.';
export const NOT_A_LIST = 'Expected a list of items.';
export const NOT_AN_OBJECT = 'Expected an object.';
export const NOT_FOUND = 'Not found.';
export const ORDER_INVALID = 'An ordering key is a non-empty string of lowercase letters a-z.';
/** A request value the API's edge refused (its schema in libs/contracts), with the messages it answered. */
export class Refused {
  constructor(readonly messages: readonly string[]) {}
}

/**
 * A request value as the edge parsed it: of its type, or Refused. A decider that answers every
 * problem of a request at once takes its values so, adding the refused ones' messages to its own.
 */
export type Checked<T> = T | Refused;
export const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
export const notAChoice = (value: unknown) => `"${String(value)}" is not a valid choice.`;
