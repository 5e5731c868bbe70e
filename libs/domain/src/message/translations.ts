import { MESSAGE_TIMEOUT_CHOICES } from '../customer-group/customer-group-settings';
import type { DispatchType } from '../field/field-types';
import { tooLong, notAChoice } from '../shared/field-messages';
import type { RecipientType, ScenarioType } from './scenario-draft';
import { MESSAGE_LANGUAGES, VOICES } from './voices';

/** A value of a catalogue and the words the console shows for it. */
export interface LabelledValue<T extends string = string> {
  readonly value: T;
  readonly label: string;
}

const SCENARIO_TYPE_LABELS: readonly LabelledValue<ScenarioType>[] = [
  { value: 'broadcast', label: 'Broadcast' },
  { value: 'sequence', label: 'Sequence' },
  { value: 'conference', label: 'Conference' },
];

/** Spec part 2 §3 "Recipient types", in the builder's words; the telephony criteria only with phone invocation. */
export const RECIPIENT_TYPE_LABELS: readonly LabelledValue<RecipientType>[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'user', label: 'Individuals' },
  { value: 'group', label: 'Datasets' },
  { value: 'on_call', label: 'Currently On Call' },
  { value: 'select', label: 'Select field' },
  { value: 'multiselect', label: 'Multiselect field' },
  { value: 'telephony_id', label: 'Telephony ID' },
  { value: 'telephony_pin', label: 'Telephony PIN' },
];

/** The channels of a device, as the device list names them ("SMS", "Voice Call", "Email"). */
const DISPATCH_TYPE_LABELS: readonly LabelledValue<DispatchType>[] = [
  { value: 'SMS', label: 'SMS' },
  { value: 'VOICE', label: 'Voice Call' },
  { value: 'EMAIL', label: 'Email' },
];

/**
 * POST /api/translations: the spec says only "(keys)". The builder asks for the display labels of
 * the catalogues it offers, each under its key; nothing here depends on the caller.
 */
export const TRANSLATIONS = {
  languages: MESSAGE_LANGUAGES,
  voices: VOICES,
  message_timeouts: MESSAGE_TIMEOUT_CHOICES,
  scenario_types: SCENARIO_TYPE_LABELS,
  recipient_types: RECIPIENT_TYPE_LABELS,
  dispatch_types: DISPATCH_TYPE_LABELS,
} as const;

export type TranslationKey = keyof typeof TRANSLATIONS;
export type Translations = { readonly [K in TranslationKey]?: (typeof TRANSLATIONS)[K] };

export const TRANSLATION_KEYS = Object.keys(TRANSLATIONS) as [TranslationKey, ...TranslationKey[]];
/** Keys one request may ask for, and the longest key: far above the catalogues there are, so a request cannot make the answer grow. */
export const TRANSLATION_KEYS_MAX = 50;
export const TRANSLATION_KEY_MAX_LENGTH = 100;

const KNOWN_KEYS = new Set<string>(TRANSLATION_KEYS);
export const isTranslationKey = (key: unknown): key is TranslationKey => typeof key === 'string' && KNOWN_KEYS.has(key);

/** The message for a key that is no catalogue's: a long one is not repeated back. */
export const unknownTranslationKey = (key: unknown): string =>
  typeof key === 'string' && key.length > TRANSLATION_KEY_MAX_LENGTH ? tooLong(TRANSLATION_KEY_MAX_LENGTH) : notAChoice(key);

/** The catalogues asked for, each once, under its key. */
export function translationsFor(keys: readonly TranslationKey[]): Translations {
  const answer: { [K in TranslationKey]?: (typeof TRANSLATIONS)[K] } = {};
  for (const key of keys) (answer as Record<TranslationKey, unknown>)[key] = TRANSLATIONS[key];
  return answer;
}
