import { DEFAULT_TTS_VOICE } from '../customer-group/customer-group-settings';

/** The group default and the builder's fallback are the same voice (spec part 2 §9: "Default TTS voice Amy"). */
export { DEFAULT_TTS_VOICE };

/** English is always offered (spec part 2 §9), so it is where a message starts. */
export const DEFAULT_MESSAGE_LANGUAGE = 'en-GB';

/** Spec part 2 §9: the languages a message may be spoken in, English first; each code a BCP 47 tag. */
export const MESSAGE_LANGUAGES = [
  { code: 'en-GB', name: 'English' },
  { code: 'ca-ES', name: 'Catalan' },
  { code: 'cs-CZ', name: 'Czech' },
  { code: 'da-DK', name: 'Danish' },
  { code: 'nl-NL', name: 'Dutch' },
  { code: 'fr-FR', name: 'French' },
  { code: 'de-DE', name: 'German' },
  { code: 'el-GR', name: 'Greek' },
  { code: 'is-IS', name: 'Icelandic' },
  { code: 'it-IT', name: 'Italian' },
  { code: 'ja-JP', name: 'Japanese' },
  { code: 'nb-NO', name: 'Norwegian' },
  { code: 'pl-PL', name: 'Polish' },
  { code: 'pt-PT', name: 'Portuguese' },
  { code: 'ro-RO', name: 'Romanian' },
  { code: 'ru-RU', name: 'Russian' },
  { code: 'gd-GB', name: 'Scottish Gaelic' },
  { code: 'es-ES', name: 'Spanish' },
  { code: 'sv-SE', name: 'Swedish' },
  { code: 'tr-TR', name: 'Turkish' },
  { code: 'en-US', name: 'US English' },
  { code: 'cy-GB', name: 'Welsh' },
] as const;

export type MessageLanguageCode = (typeof MESSAGE_LANGUAGES)[number]['code'];

/** Spec part 2 §3 "Voice entry": who speaks the voice ("none" for a voice no service speaks). */
export const VOICE_PROVIDERS = ['google', 'polly', 'cereproc', 'none'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];
export type VoiceGender = 'female' | 'male';

/**
 * Spec part 2 §3 "Voice entry: name, value label, language, provider". `name` as the provider writes
 * it ("Dóra"), `value` what a message or a group's default_tts_voice holds (the provider's voice id,
 * "Dora"), `label` what the console lists.
 */
export interface VoiceEntry {
  readonly name: string;
  readonly value: string;
  readonly label: string;
  readonly language: MessageLanguageCode;
  readonly provider: VoiceProvider;
}

type VoiceRow = readonly [name: string, value: string, gender: VoiceGender];

/** A voice as a row of the table: its value is its name unless the provider spells its id without accents. */
const row = (name: string, gender: VoiceGender, value = name): VoiceRow => [name, value, gender];

/**
 * The spec does not list the voices, so these are the services' public ones: Amazon Polly's where Polly
 * speaks the language, CereProc's for Scottish Gaelic, Google Cloud's for Czech and Greek.
 */
const VOICE_ROWS: Readonly<Record<MessageLanguageCode, { provider: VoiceProvider; rows: readonly VoiceRow[] }>> = {
  'en-GB': { provider: 'polly', rows: [row('Amy', 'female'), row('Emma', 'female'), row('Brian', 'male'), row('Arthur', 'male')] },
  'ca-ES': { provider: 'polly', rows: [row('Arlet', 'female')] },
  'cs-CZ': { provider: 'google', rows: [row('cs-CZ-Standard-A', 'female'), row('cs-CZ-Wavenet-A', 'female')] },
  'da-DK': { provider: 'polly', rows: [row('Naja', 'female'), row('Sofie', 'female'), row('Mads', 'male')] },
  'nl-NL': { provider: 'polly', rows: [row('Lotte', 'female'), row('Laura', 'female'), row('Ruben', 'male')] },
  'fr-FR': {
    provider: 'polly',
    rows: [row('Céline', 'female', 'Celine'), row('Léa', 'female', 'Lea'), row('Mathieu', 'male'), row('Rémi', 'male', 'Remi')],
  },
  'de-DE': { provider: 'polly', rows: [row('Marlene', 'female'), row('Vicki', 'female'), row('Hans', 'male'), row('Daniel', 'male')] },
  'el-GR': { provider: 'google', rows: [row('el-GR-Standard-A', 'female'), row('el-GR-Wavenet-A', 'female')] },
  'is-IS': { provider: 'polly', rows: [row('Dóra', 'female', 'Dora'), row('Karl', 'male')] },
  'it-IT': { provider: 'polly', rows: [row('Carla', 'female'), row('Bianca', 'female'), row('Giorgio', 'male'), row('Adriano', 'male')] },
  'ja-JP': { provider: 'polly', rows: [row('Mizuki', 'female'), row('Kazuha', 'female'), row('Tomoko', 'female'), row('Takumi', 'male')] },
  'nb-NO': { provider: 'polly', rows: [row('Liv', 'female'), row('Ida', 'female')] },
  'pl-PL': {
    provider: 'polly',
    rows: [row('Ewa', 'female'), row('Maja', 'female'), row('Ola', 'female'), row('Jacek', 'male'), row('Jan', 'male')],
  },
  'pt-PT': { provider: 'polly', rows: [row('Inês', 'female', 'Ines'), row('Cristiano', 'male')] },
  'ro-RO': { provider: 'polly', rows: [row('Carmen', 'female')] },
  'ru-RU': { provider: 'polly', rows: [row('Tatyana', 'female'), row('Maxim', 'male')] },
  'gd-GB': { provider: 'cereproc', rows: [row('Ceitidh', 'female')] },
  'es-ES': {
    provider: 'polly',
    rows: [row('Conchita', 'female'), row('Lucia', 'female'), row('Enrique', 'male'), row('Sergio', 'male')],
  },
  'sv-SE': { provider: 'polly', rows: [row('Astrid', 'female'), row('Elin', 'female')] },
  'tr-TR': { provider: 'polly', rows: [row('Filiz', 'female'), row('Burcu', 'female')] },
  'en-US': {
    provider: 'polly',
    rows: [
      row('Joanna', 'female'),
      row('Kendra', 'female'),
      row('Kimberly', 'female'),
      row('Salli', 'female'),
      row('Ivy', 'female'),
      row('Matthew', 'male'),
      row('Joey', 'male'),
      row('Justin', 'male'),
    ],
  },
  'cy-GB': { provider: 'polly', rows: [row('Gwyneth', 'female')] },
};


/** Every voice of every language, in the order of MESSAGE_LANGUAGES; a voice's value is unique across languages. */
export const VOICES: readonly VoiceEntry[] = Object.freeze(
  MESSAGE_LANGUAGES.flatMap(({ code }) => {
    const { provider, rows } = VOICE_ROWS[code];
    return rows.map(([name, value, gender]) => Object.freeze({ name, value, label: `${name} (${gender})`, language: code, provider }));
  }),
);

const GENDER_OF_VOICE = new Map<string, VoiceGender>(
  Object.values(VOICE_ROWS).flatMap(({ rows }) => rows.map(([, value, gender]) => [value, gender] as const)),
);
const LANGUAGE_CODES = new Set<string>(MESSAGE_LANGUAGES.map(({ code }) => code));

/** Whether the code is one of the message languages (spec part 2 §9). */
export const isMessageLanguage = (code: unknown): code is MessageLanguageCode => typeof code === 'string' && LANGUAGE_CODES.has(code);

/** The voices of a language, in their listed order; none for a code that is not a message language. */
export const voicesOf = (language: string): readonly VoiceEntry[] => VOICES.filter((voice) => voice.language === language);

/** Whether `voice` (a voice's value) is one of the language's voices. */
export const isVoiceOf = (language: string, voice: string): boolean => VOICES.some((entry) => entry.language === language && entry.value === voice);

/** The voice's gender, so a stand-in speaker (the preview's) can sound like it; undefined for an unknown value. */
export const voiceGenderOf = (voice: string): VoiceGender | undefined => GENDER_OF_VOICE.get(voice);

/** The language a voice speaks; undefined for a value that is no voice's. */
export const languageOfVoice = (voice: string): MessageLanguageCode | undefined => VOICES.find((entry) => entry.value === voice)?.language;

export const languageName = (code: MessageLanguageCode): string => MESSAGE_LANGUAGES.find((language) => language.code === code)!.name;

export const notAVoiceOf = (voice: string, language: MessageLanguageCode): string => `"${voice}" is not a voice of ${languageName(language)}.`;

/** The longest text one spoken preview says: about three minutes of speech, far beyond a voice message's usual length. */
export const SPEECH_TEXT_MAX_LENGTH = 3000;
export const speechTooLong = (max: number): string => `The text to speak is at most ${max} characters long.`;

const chosen = (voice: string | undefined | null): voice is string => typeof voice === 'string' && voice.trim() !== '';

/** Spec part 2 §4: "Voice TTS voice defaults to the selected voice, else the group default, else Amy". */
export function ttsVoiceFor(selected: string | undefined | null, groupDefault: string | undefined | null): string {
  if (chosen(selected)) return selected;
  if (chosen(groupDefault)) return groupDefault;
  return DEFAULT_TTS_VOICE;
}

/**
 * The voice a text in `language` is spoken with: ttsVoiceFor's choice. A group default (or Amy) that
 * the language does not have gives way to the language's first voice, as the caller did not ask for
 * it; a selected voice is kept as it is, for the caller's rules to refuse if it is not the language's.
 */
export function voiceToSpeak(language: MessageLanguageCode, selected: string | undefined | null, groupDefault: string | undefined | null): string {
  const voice = ttsVoiceFor(selected, groupDefault);
  if (chosen(selected) || isVoiceOf(language, voice)) return voice;
  return voicesOf(language)[0]!.value;
}
