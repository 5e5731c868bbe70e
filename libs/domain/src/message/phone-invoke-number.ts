import { asE164, type CustomerGroupSettings } from '../customer-group/customer-group-settings';
import { normalisePhoneNumber } from '../field/phone-number';
import type { RootPermission } from '../shared/permissions';

/**
 * Which numbers may invoke a group's messages by phone (spec part 2 §1 "phone-invoked messages", §3
 * "Phone numbers carry a provider and is_voice", §6 "Phone invoke"): a caller dials one of the group's
 * own phone numbers and keys in a message ID. The group's phone numbers are its settings'
 * `noticeboard_numbers` (the only ones that carry a provider and is_voice); the dataset phone number
 * (`customer_group_phone_number`) carries neither, so it counts only when it is also listed there with
 * Voice. The organisation needs the root permission "Phone invoke".
 */
export const PHONE_INVOKE_PERMISSION: RootPermission = 'Phone invoke';

export const PHONE_INVOKE_NOT_ENABLED = 'Phone invoke is not enabled for this organisation.';
export const PHONE_INVOKE_NUMBER_UNKNOWN = "Not one of this customer group's phone numbers.";
export const PHONE_INVOKE_NUMBER_NOT_VOICE = 'This number does not take voice calls: turn Voice on for it in the dataset’s phone numbers.';

export type PhoneInvokeNumberCheck = { readonly valid: true; readonly phone_number: string } | { readonly valid: false; readonly problem: string };

export interface PhoneInvokeContext {
  /** The settings of the group the number is for (with their defaults). */
  readonly settings: Pick<CustomerGroupSettings, 'noticeboard_numbers' | 'country_code'>;
  /** The permissions of the organisation's root group. */
  readonly rootPermissions: readonly string[];
}

/**
 * The number in E.164 when it may invoke the group's messages by phone, else the one reason it may
 * not, in the order a person would fix them: the feature, the number as typed, then the group's list.
 * A number typed without its country code is read as one of the group's country, as contact numbers are.
 */
export function checkPhoneInvokeNumber(input: string, { settings, rootPermissions }: PhoneInvokeContext): PhoneInvokeNumberCheck {
  if (!rootPermissions.includes(PHONE_INVOKE_PERMISSION)) return { valid: false, problem: PHONE_INVOKE_NOT_ENABLED };
  const normalised = normalisePhoneNumber(input, settings.country_code.dial_code);
  if (!normalised.ok) return { valid: false, problem: normalised.message };
  const listed = settings.noticeboard_numbers.find((entry) => asE164(entry.phone_number) === normalised.e164);
  if (!listed) return { valid: false, problem: PHONE_INVOKE_NUMBER_UNKNOWN };
  if (!listed.is_voice) return { valid: false, problem: PHONE_INVOKE_NUMBER_NOT_VOICE };
  return { valid: true, phone_number: normalised.e164 };
}
