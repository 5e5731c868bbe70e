import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { BLANK, notAChoice, tooLong } from '../shared/field-messages';

/** Spec part 2 §9: the message timeout choices (seconds and label); 1800 s is the default. */
export const MESSAGE_TIMEOUT_CHOICES = [
  { value: 900, text: '15 minutes' },
  { value: 1800, text: '30 minutes' },
  { value: 3600, text: '1 hour' },
  { value: 7200, text: '2 hours' },
  { value: 14400, text: '4 hours' },
  { value: 21600, text: '6 hours' },
  { value: 43200, text: '12 hours' },
  { value: 64800, text: '18 hours' },
  { value: 86400, text: '24 hours' },
  { value: 604800, text: '7 days' },
] as const;

export const DEFAULT_MESSAGE_TIMEOUT_SECONDS = 1800;
export const DEFAULT_TTS_VOICE = 'Amy';
/** Spec part 2 §3: the default answering-machine message is text to speech. */
export const AMD_MESSAGE_TYPES = ['tts_amd', 'recording_amd'] as const;
/** Spec part 2 §3, spelled as the spec spells them. */
export const NOTICEBOARD_PROVIDERS = ['noticeboard', 'noticeboard-twillio', 'twillio'] as const;

export const SETTINGS_TEXT_MAX_LENGTH = 1000;
/** Opening and closing texts frame every SMS, so they stay within one GSM-7 segment. */
export const SMS_FRAME_TEXT_MAX_LENGTH = 160;
export const NOTICEBOARD_NUMBERS_MAX = 50;
export const ADDRESS_FORMAT_MAX = 20;
/** An alphanumeric SMS sender ID: at most 11 letters, digits or spaces, at least one letter (GSM 03.40). */
export const SMS_SENDER_NAME_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

export const SENDER_NAME_INVALID = 'A sender name is at most 11 letters, digits or spaces, with at least one letter.';
export const TIMEZONE_INVALID = 'Not a valid IANA time zone (for example Europe/London).';
export const PHONE_NUMBER_INVALID = 'Not a valid phone number in international format (for example +447911123456).';
export const DIAL_CODE_INVALID = 'Not a valid dial code (a + and 1 to 4 digits).';
export const COUNTRY_CODE_INVALID = 'Not a known ISO 3166 country code (for example GB).';
export const TWO_WAY_SMS_EXCLUSIVE = 'Two-way SMS and forced two-way SMS cannot both be on.';
export const DEFAULT_NOTICEBOARD_UNKNOWN = 'Not one of the noticeboard numbers.';
export const NOTICEBOARD_NUMBER_REPEATED = 'This number is listed twice.';
export const dialCodeMismatch = (country: string, dialCode: string) => `The dial code of ${country} is ${dialCode}.`;

export type MessageTimeoutSeconds = (typeof MESSAGE_TIMEOUT_CHOICES)[number]['value'];

export interface NoticeboardNumber {
  phone_number: string;
  provider: (typeof NOTICEBOARD_PROVIDERS)[number];
  is_voice: boolean;
}

/** Spec part 2 §3 "Customer-group settings", in the API's field names. */
export interface CustomerGroupSettings {
  address_format_list: string[];
  default_amd_message: { message_type: (typeof AMD_MESSAGE_TYPES)[number]; message: string };
  country_code: { country: string; dial_code: string; country_code: string };
  send_verification_email: boolean;
  customer_group_phone_number: string;
  noticeboard_numbers: NoticeboardNumber[];
  default_noticeboards: string[];
  default_tts_voice: string;
  default_sms_sender_name: string;
  locked_users: { admin: boolean; operator: boolean; data: boolean; sender: boolean };
  sms_quick_reports: boolean;
  test_message_header: boolean;
  default_message_timeout: { text: string; value: number };
  two_way_sms: boolean;
  force_two_way_sms: boolean;
  send_notifications_to_admins_about_invalid_recipients: boolean;
  dial_back_message: string;
  opening_text: string;
  closing_text: string;
  preferred_timezone: string;
  apply_preferred_timezone: boolean;
  /** PUT /api/customer_group_conference_settings/{id}/: what a conference call says to a machine and to a person. */
  conference: { default_message_amd: string; default_message_live: string };
}

export type CustomerGroupSettingsChange = Partial<Omit<CustomerGroupSettings, 'conference'>>;

/** A group's settings before anyone changed them (spec part 2 §9: timeout 30 minutes, voice Amy). */
function deeplyFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deeplyFrozen);
  return Object.freeze(value);
}

/** Frozen to the leaves: groups share these values (settingsWithDefaults does not copy them). */
export const DEFAULT_CUSTOMER_GROUP_SETTINGS: Readonly<CustomerGroupSettings> = deeplyFrozen({
  address_format_list: [],
  default_amd_message: { message_type: 'tts_amd', message: '' },
  country_code: { country: 'United Kingdom', dial_code: '+44', country_code: 'GB' },
  send_verification_email: false,
  customer_group_phone_number: '',
  noticeboard_numbers: [],
  default_noticeboards: [],
  default_tts_voice: DEFAULT_TTS_VOICE,
  default_sms_sender_name: '',
  locked_users: { admin: false, operator: false, data: false, sender: false },
  sms_quick_reports: false,
  test_message_header: false,
  default_message_timeout: { text: '30 minutes', value: DEFAULT_MESSAGE_TIMEOUT_SECONDS },
  two_way_sms: false,
  force_two_way_sms: false,
  send_notifications_to_admins_about_invalid_recipients: false,
  dial_back_message: '',
  opening_text: '',
  closing_text: '',
  preferred_timezone: 'Europe/London',
  apply_preferred_timezone: false,
  conference: { default_message_amd: '', default_message_live: '' },
});

const SETTING_DEFAULTS = Object.entries(DEFAULT_CUSTOMER_GROUP_SETTINGS);

/**
 * The settings a group holds: the defaults, overlaid by what was recorded (values of another shape are
 * left out). Values are shared with `recorded` and the defaults, not copied: settings are never changed
 * in place (a group's list of 1,000 runs this for every group).
 */
export function settingsWithDefaults(recorded: Readonly<Record<string, unknown>>): CustomerGroupSettings {
  const settings: Record<string, unknown> = {};
  for (const [key, fallback] of SETTING_DEFAULTS) {
    const value = Object.prototype.hasOwnProperty.call(recorded, key) ? recorded[key] : undefined;
    const fits = Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback && value !== null;
    settings[key] = fits ? value : fallback;
  }
  return settings as unknown as CustomerGroupSettings;
}

/**
 * The settings a new child group starts with: its parent's, but for the phone numbers, which belong to
 * one group each (its own number, its noticeboard numbers and their defaults).
 */
export function settingsForChildOf(parent: CustomerGroupSettings): CustomerGroupSettings {
  return { ...structuredClone(parent), customer_group_phone_number: '', noticeboard_numbers: [], default_noticeboards: [] };
}

/** The label of a timeout choice; undefined for a value that is not one. */
export const messageTimeoutText = (value: number): string | undefined => MESSAGE_TIMEOUT_CHOICES.find((choice) => choice.value === value)?.text;

/** Whether the text names an IANA time zone (what Intl knows, e.g. Europe/London or UTC). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^(?:UTC|[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A valid international number in E.164 (+447911123456, whatever spaces it was written with); any other text as it is, for the rules to refuse. */
export function asE164(text: string): string {
  if (!text.startsWith('+')) return text;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : text;
}

/** Whether the text is a possible phone number written with + and its country code. */
export function isInternationalPhoneNumber(text: string): boolean {
  if (!text.startsWith('+')) return false;
  return parsePhoneNumberFromString(text)?.isValid() ?? false;
}

const textErrors = (value: string, max: number): string[] => (value.length > max ? [tooLong(max)] : []);

function countryCodeErrors({ country, dial_code, country_code }: CustomerGroupSettings['country_code']): string[] {
  const errors: string[] = [];
  if (!country.trim()) errors.push(`country: ${BLANK}`);
  if (!/^\+[1-9]\d{0,3}$/.test(dial_code)) errors.push(`dial_code: ${DIAL_CODE_INVALID}`);
  if (!isSupportedCountry(country_code)) errors.push(`country_code: ${COUNTRY_CODE_INVALID}`);
  else if (!errors.length && `+${getCountryCallingCode(country_code)}` !== dial_code)
    errors.push(`dial_code: ${dialCodeMismatch(country_code, `+${getCountryCallingCode(country_code)}`)}`);
  return errors;
}

function noticeboardNumbersErrors(numbers: readonly NoticeboardNumber[]): string[] {
  if (numbers.length > NOTICEBOARD_NUMBERS_MAX) return [`Ensure this field has no more than ${NOTICEBOARD_NUMBERS_MAX} elements.`];
  const seen = new Set<string>();
  const errors: string[] = [];
  numbers.forEach((entry, index) => {
    if (!isInternationalPhoneNumber(entry.phone_number)) errors.push(`${index}.phone_number: ${PHONE_NUMBER_INVALID}`);
    else if (seen.has(entry.phone_number)) errors.push(`${index}.phone_number: ${NOTICEBOARD_NUMBER_REPEATED}`);
    seen.add(entry.phone_number);
    if (!NOTICEBOARD_PROVIDERS.includes(entry.provider)) errors.push(`${index}.provider: ${notAChoice(entry.provider)}`);
  });
  return errors;
}

type SettingsRule = (settings: CustomerGroupSettings) => string[];

/** Each setting's rules, over the settings as they would be after the change (so pairs are checked together). */
const SETTINGS_RULES: { readonly [K in keyof CustomerGroupSettingsChange]-?: SettingsRule } = {
  address_format_list: ({ address_format_list: list }) =>
    list.length > ADDRESS_FORMAT_MAX
      ? [`Ensure this field has no more than ${ADDRESS_FORMAT_MAX} elements.`]
      : list.flatMap((entry, index) => (entry.trim() ? textErrors(entry, 100).map((e) => `${index}: ${e}`) : [`${index}: ${BLANK}`])),
  default_amd_message: ({ default_amd_message: amd }) => [
    ...(AMD_MESSAGE_TYPES.includes(amd.message_type) ? [] : [`message_type: ${notAChoice(amd.message_type)}`]),
    ...textErrors(amd.message, SETTINGS_TEXT_MAX_LENGTH).map((e) => `message: ${e}`),
  ],
  country_code: ({ country_code }) => countryCodeErrors(country_code),
  send_verification_email: () => [],
  customer_group_phone_number: ({ customer_group_phone_number: number }) =>
    number === '' || isInternationalPhoneNumber(number) ? [] : [PHONE_NUMBER_INVALID],
  noticeboard_numbers: ({ noticeboard_numbers }) => noticeboardNumbersErrors(noticeboard_numbers),
  default_noticeboards: ({ default_noticeboards, noticeboard_numbers }) => {
    const known = new Set(noticeboard_numbers.map((entry) => entry.phone_number));
    return default_noticeboards.flatMap((number, index) => (known.has(number) ? [] : [`${index}: ${DEFAULT_NOTICEBOARD_UNKNOWN}`]));
  },
  default_tts_voice: ({ default_tts_voice: voice }) => (voice.trim() ? textErrors(voice, 50) : [BLANK]),
  default_sms_sender_name: ({ default_sms_sender_name: name }) => (name === '' || SMS_SENDER_NAME_PATTERN.test(name) ? [] : [SENDER_NAME_INVALID]),
  locked_users: () => [],
  sms_quick_reports: () => [],
  test_message_header: () => [],
  default_message_timeout: ({ default_message_timeout: timeout }) =>
    messageTimeoutText(timeout.value) === undefined ? [`value: ${notAChoice(timeout.value)}`] : [],
  two_way_sms: () => [],
  force_two_way_sms: ({ two_way_sms, force_two_way_sms }) => (two_way_sms && force_two_way_sms ? [TWO_WAY_SMS_EXCLUSIVE] : []),
  send_notifications_to_admins_about_invalid_recipients: () => [],
  dial_back_message: ({ dial_back_message: text }) => textErrors(text, SETTINGS_TEXT_MAX_LENGTH),
  opening_text: ({ opening_text: text }) => textErrors(text, SMS_FRAME_TEXT_MAX_LENGTH),
  closing_text: ({ closing_text: text }) => textErrors(text, SMS_FRAME_TEXT_MAX_LENGTH),
  preferred_timezone: ({ preferred_timezone: zone }) => (isIanaTimeZone(zone) ? [] : [TIMEZONE_INVALID]),
  apply_preferred_timezone: () => [],
};

/**
 * The settings after a change, as spec part 2 §4 has the console do it: turning two-way SMS on turns
 * forced two-way SMS off and the other way round (unless the change sends both), and the timeout's
 * label is the one of its value. Phone numbers are kept in E.164.
 */
export function changedSettings(current: CustomerGroupSettings, change: CustomerGroupSettingsChange): CustomerGroupSettings {
  const next: CustomerGroupSettings = { ...current, ...structuredClone(change) };
  if (change.customer_group_phone_number !== undefined) next.customer_group_phone_number = asE164(next.customer_group_phone_number);
  if (change.noticeboard_numbers !== undefined)
    next.noticeboard_numbers = next.noticeboard_numbers.map((entry) => ({ ...entry, phone_number: asE164(entry.phone_number) }));
  if (change.default_noticeboards !== undefined) next.default_noticeboards = next.default_noticeboards.map(asE164);
  if (change.two_way_sms === true && change.force_two_way_sms === undefined) next.force_two_way_sms = false;
  if (change.force_two_way_sms === true && change.two_way_sms === undefined) next.two_way_sms = false;
  const text = messageTimeoutText(next.default_message_timeout.value);
  if (text !== undefined) next.default_message_timeout = { value: next.default_message_timeout.value, text };
  return next;
}

/** Messages per setting for the settings a change would leave; a rule runs when the change touches its setting or one it is checked with. */
export function customerGroupSettingsErrors(next: CustomerGroupSettings, change: CustomerGroupSettingsChange): Record<string, string[]> {
  const touched = new Set(Object.keys(change));
  if (touched.has('two_way_sms')) touched.add('force_two_way_sms');
  if (touched.has('noticeboard_numbers')) touched.add('default_noticeboards');
  const errors: Record<string, string[]> = {};
  for (const [key, rule] of Object.entries(SETTINGS_RULES) as [keyof CustomerGroupSettingsChange, SettingsRule][]) {
    if (!touched.has(key)) continue;
    const messages = rule(next);
    if (messages.length) errors[key] = messages;
  }
  return errors;
}
