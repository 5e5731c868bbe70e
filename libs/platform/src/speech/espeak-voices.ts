import { voiceGenderOf, voicesOf, type MessageLanguageCode } from '@beacon/domain';

/**
 * The espeak-ng voice that speaks each message language (`espeak-ng --voices` lists them). British
 * English and French by their short names: espeak-ng 1.51 drops the variant of `en-gb+f3` and `fr-fr+f3`.
 */
const ESPEAK_LANGUAGE: Readonly<Record<MessageLanguageCode, string>> = {
  'en-GB': 'en',
  'ca-ES': 'ca',
  'cs-CZ': 'cs',
  'da-DK': 'da',
  'nl-NL': 'nl',
  'fr-FR': 'fr',
  'de-DE': 'de',
  'el-GR': 'el',
  'is-IS': 'is',
  'it-IT': 'it',
  'ja-JP': 'ja',
  'nb-NO': 'nb',
  'pl-PL': 'pl',
  'pt-PT': 'pt',
  'ro-RO': 'ro',
  'ru-RU': 'ru',
  'gd-GB': 'gd',
  'es-ES': 'es',
  'sv-SE': 'sv',
  'tr-TR': 'tr',
  'en-US': 'en-us',
  'cy-GB': 'cy',
};

/** espeak-ng's voice variants, taken in turn by a language's female and male voices so that no two of them sound alike. */
const VARIANTS = { female: ['f3', 'f2', 'f4', 'f1', 'f5'], male: ['m3', 'm1', 'm2', 'm4', 'm7'] } as const;

/**
 * The espeak-ng voice standing in for a named voice: the language's espeak voice with the variant of
 * the voice's place among the language's voices of its gender (Amy en+f3, Emma en+f2, Brian
 * en+m3). A voice the catalogue does not have speaks with the language's plain voice.
 */
export function espeakVoiceFor(language: MessageLanguageCode, voice: string): string {
  const base = ESPEAK_LANGUAGE[language];
  const gender = voiceGenderOf(voice);
  if (gender === undefined) return base;
  const sameGender = voicesOf(language).filter((entry) => voiceGenderOf(entry.value) === gender);
  const place = sameGender.findIndex((entry) => entry.value === voice);
  if (place < 0) return base;
  const variants = VARIANTS[gender];
  return `${base}+${variants[place % variants.length]}`;
}
