import { MESSAGE_LANGUAGES, voicesOf } from '@beacon/domain';

/** The languages a message can be spoken in, as a select's options (Settings and Noticeboard). */
export function LanguageOptions() {
  return (
    <>
      {MESSAGE_LANGUAGES.map((language) => (
        <option key={language.code} value={language.code}>
          {language.name}
        </option>
      ))}
    </>
  );
}

/** The named voices of a language, as a select's options. */
export function VoiceOptions({ language }: { readonly language: string }) {
  return (
    <>
      {voicesOf(language).map((voice) => (
        <option key={voice.value} value={voice.value}>
          {voice.label}
        </option>
      ))}
    </>
  );
}
