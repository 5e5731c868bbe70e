import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers as contact fields hold them: E.164 ("+447700900123"). A number typed without its
 * country code is read as one of the customer group's country (its settings' country_code.dial_code).
 * Validity is checked by length for the number's country (libphonenumber-js's default metadata):
 * strict digit patterns go out of date as numbering plans change.
 */
export type PhoneNumberResult = { readonly ok: true; readonly e164: string } | { readonly ok: false; readonly message: string };

export const PHONE_NUMBER_BLANK = 'Enter a phone number.';
export const invalidDialCode = (dialCode: string) => `"${dialCode}" is not a country dial code (such as +44).`;
export const invalidPhoneNumber = (input: string, dialCode: string) =>
  `"${input}" is not a valid phone number. Enter it with its country code (such as +44 7700 900123), or as a number of the +${dialCode} country.`;

/** "+44", "44" or "0044" → "44"; anything that is not 1 to 3 digits after those prefixes → null. */
function callingCodeOf(dialCode: string): string | null {
  const digits = dialCode.trim().replace(/^(\+|00)/, '');
  return /^[1-9]\d{0,2}$/.test(digits) ? digits : null;
}

/** The number in E.164, or a message saying what is wrong with it. Pure: no I/O, no clock. */
export function normalisePhoneNumber(input: string, defaultDialCode: string): PhoneNumberResult {
  const callingCode = callingCodeOf(defaultDialCode);
  if (callingCode === null) return { ok: false, message: invalidDialCode(defaultDialCode) };
  const text = input.trim();
  if (!text) return { ok: false, message: PHONE_NUMBER_BLANK };
  const parsed = parsePhoneNumberFromString(text.replace(/^00/, '+'), { defaultCallingCode: callingCode });
  if (!parsed || !parsed.isValid()) return { ok: false, message: invalidPhoneNumber(text, callingCode) };
  return { ok: true, e164: parsed.number };
}
