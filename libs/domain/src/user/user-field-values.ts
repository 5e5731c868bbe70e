import { normalisePhoneNumber } from '../field/phone-number';
import { isSelectFieldType, type ContactFieldType } from '../field/field-types';
import { validationError } from '../shared/domain-errors';

/*
 * A user's contact-field values (spec part 2 §3 "Field values"): their devices (phone numbers in
 * E.164, email addresses) and their data (text, numbers, postcodes, pagers, chosen options). A value
 * is always a list: one entry for the single-valued types, option ids for the select types; an empty
 * list clears the field.
 */

/** One field's values as a caller sends them (POST and PUT /api/user/ `custom_fields`). */
export interface FieldValueInput {
  readonly fieldId: string;
  readonly values: readonly string[];
}

/** One field's values as recorded: checked and normalised. */
export interface UserFieldValue {
  readonly fieldId: string;
  readonly values: readonly string[];
}

/** A contact field as the user's customer group sees it: defined there or above, with the options it offers. */
export interface ApplicableField {
  readonly fieldId: string;
  readonly label: string;
  readonly fieldType: ContactFieldType;
  /** The field's options the group offers (neither deleted nor excluded for the group or an ancestor). */
  readonly offeredOptionIds: ReadonlySet<string>;
}

/**
 * What checking values needs to know about the user's customer group: the fields that apply to it (by
 * id, a Map so a caller's `__proto__` finds nothing) and its default dial code, for numbers typed
 * without their country code.
 */
export interface FieldCatalogue {
  readonly fields: ReadonlyMap<string, ApplicableField>;
  readonly dialCode: string;
}

export const FIELD_TEXT_MAX_LENGTH = 255;
/** The most values one field of a user holds (a multiple choice's options). */
export const FIELD_VALUES_MAX = 100;

const NUMBER_PATTERN = /^[+-]?\d+(\.\d+)?$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const unknownFieldMessage = (fieldId: string) =>
  `"${fieldId.slice(0, 64)}" is not a contact field of this user's customer group.`;
export const repeatedFieldMessage = (label: string) => `${label}: the field is listed more than once.`;
export const oneValueOnlyMessage = (label: string) => `${label}: enter one value only.`;
export const notAnOptionMessage = (label: string, value: string) =>
  `${label}: "${value.slice(0, 64)}" is not an option this customer group offers.`;
export const tooLongValueMessage = (label: string) => `${label}: enter at most ${FIELD_TEXT_MAX_LENGTH} characters.`;
export const notANumberMessage = (label: string) => `${label}: enter a number.`;
export const notAnEmailMessage = (label: string) => `${label}: enter a valid email address.`;
export const tooManyValuesMessage = (label: string) => `${label}: choose at most ${FIELD_VALUES_MAX} options.`;

type Checked = { readonly ok: true; readonly values: readonly string[] } | { readonly ok: false; readonly message: string };

function checkSelect(field: ApplicableField, values: readonly string[]): Checked {
  const unique = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  if (field.fieldType === 'SINGLESELECT' && unique.length > 1) return { ok: false, message: oneValueOnlyMessage(field.label) };
  if (unique.length > FIELD_VALUES_MAX) return { ok: false, message: tooManyValuesMessage(field.label) };
  const refused = unique.find((value) => !field.offeredOptionIds.has(value));
  return refused === undefined ? { ok: true, values: unique } : { ok: false, message: notAnOptionMessage(field.label, refused) };
}

/** The one value of a text, number, postcode, pager, email or phone field, normalised. */
function checkSingle(field: ApplicableField, text: string, dialCode: string): Checked {
  if (text.length > FIELD_TEXT_MAX_LENGTH) return { ok: false, message: tooLongValueMessage(field.label) };
  switch (field.fieldType) {
    case 'NUMERIC':
      return NUMBER_PATTERN.test(text) ? { ok: true, values: [text] } : { ok: false, message: notANumberMessage(field.label) };
    case 'EMAIL': {
      const email = text.toLowerCase();
      return EMAIL_PATTERN.test(email) ? { ok: true, values: [email] } : { ok: false, message: notAnEmailMessage(field.label) };
    }
    case 'PHONE(SMS)':
    case 'PHONE(VOICE)':
    case 'PHONE(SMS&VOICE)': {
      const phone = normalisePhoneNumber(text, dialCode);
      return phone.ok ? { ok: true, values: [phone.e164] } : { ok: false, message: `${field.label}: ${phone.message}` };
    }
    case 'POSTCODE':
      return { ok: true, values: [text.toUpperCase().replace(/\s+/g, ' ')] };
    default:
      return { ok: true, values: [text] };
  }
}

function checkValue(field: ApplicableField, values: readonly string[], dialCode: string): Checked {
  if (isSelectFieldType(field.fieldType)) return checkSelect(field, values);
  const present = values.map((value) => value.trim()).filter(Boolean);
  if (present.length === 0) return { ok: true, values: [] };
  if (present.length > 1) return { ok: false, message: oneValueOnlyMessage(field.label) };
  return checkSingle(field, present[0]!, dialCode);
}

/** The values as they will be recorded, and a message for each that cannot be. */
export function collectFieldValues(
  inputs: readonly FieldValueInput[],
  catalogue: FieldCatalogue,
): { readonly values: UserFieldValue[]; readonly problems: string[] } {
  const problems: string[] = [];
  const seen = new Set<string>();
  const values: UserFieldValue[] = [];
  for (const input of inputs) {
    const field = catalogue.fields.get(input.fieldId);
    if (!field) {
      problems.push(unknownFieldMessage(input.fieldId));
      continue;
    }
    if (seen.has(field.fieldId)) {
      problems.push(repeatedFieldMessage(field.label));
      continue;
    }
    seen.add(field.fieldId);
    const result = checkValue(field, input.values, catalogue.dialCode);
    if (result.ok) values.push({ fieldId: field.fieldId, values: result.values });
    else problems.push(result.message);
  }
  return { values, problems };
}

/**
 * The values as they will be recorded, each checked against the field's type and, for choices, the
 * options the user's group offers; all problems at once under `custom_fields` (400).
 */
export function checkFieldValues(inputs: readonly FieldValueInput[], catalogue: FieldCatalogue): UserFieldValue[] {
  const { values, problems } = collectFieldValues(inputs, catalogue);
  if (problems.length) throw validationError(problems[0]!, { custom_fields: problems });
  return values;
}

const sameValues = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** The checked values that differ from what the user holds now (a field never set holds none). */
export function changedFieldValues(current: ReadonlyMap<string, readonly string[]>, checked: readonly UserFieldValue[]): UserFieldValue[] {
  return checked.filter((entry) => !sameValues(current.get(entry.fieldId) ?? [], entry.values));
}
