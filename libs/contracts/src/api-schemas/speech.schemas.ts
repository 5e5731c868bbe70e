/** The message builder's catalogues and its text-to-speech preview (speech.routes.ts). */
import {
  DISPATCH_TYPES,
  MESSAGE_LANGUAGES,
  RECIPIENT_TYPES,
  REQUIRED,
  SCENARIO_TYPES,
  SPEECH_TEXT_MAX_LENGTH,
  TRANSLATION_KEY_MAX_LENGTH,
  TRANSLATION_KEYS,
  TRANSLATION_KEYS_MAX,
  VOICE_PROVIDERS,
  unknownTranslationKey,
  type MessageLanguageCode,
} from '@beacon/domain';
import { z } from 'zod';
import type { SPEECH_ROUTES } from '../routes/speech.routes';
import { described, json, named, type ApiFeature } from './api-schema';

const LANGUAGE_CODES = MESSAGE_LANGUAGES.map(({ code }) => code) as [MessageLanguageCode, ...MessageLanguageCode[]];
/** Longer than any voice's value; a longer one is no voice's. */
export const VOICE_MAX_LENGTH = 100;

export const TranslationsRequestSchema = named(
  'TranslationsRequest',
  z.object({
    keys: described(
      z
        .array(z.enum(TRANSLATION_KEYS, { error: (issue) => (issue.input === undefined ? REQUIRED : unknownTranslationKey(issue.input)) }))
        .max(TRANSLATION_KEYS_MAX, { error: `Ensure this field has no more than ${TRANSLATION_KEYS_MAX} elements.` }),
      `The catalogues wanted (at most ${TRANSLATION_KEYS_MAX}); a key that is none of them answers 400 naming it (one of at most ${TRANSLATION_KEY_MAX_LENGTH} characters is repeated back).`,
    ),
  }),
);

const LabelledValueSchema = <T extends z.ZodType>(value: T) => z.object({ value, label: z.string() });

export const MessageLanguageSchema = named(
  'MessageLanguage',
  z.object({ code: described(z.enum(LANGUAGE_CODES), 'A BCP 47 tag: en-GB, cy-GB, gd-GB, en-US, …'), name: z.string() }),
  'A language a message may be spoken in (spec part 2 §9); English is always offered.',
);

export const VoiceSchema = named(
  'Voice',
  z.object({
    name: described(z.string(), 'As the provider writes it ("Dóra").'),
    value: described(z.string(), "What a message's tts_voice and a group's default_tts_voice hold (the provider's id, \"Dora\")."),
    label: described(z.string(), 'What the console lists ("Dóra (female)").'),
    language: z.enum(LANGUAGE_CODES),
    provider: z.enum(VOICE_PROVIDERS),
  }),
  'A named voice of a language (spec part 2 §3 "Voice entry").',
);

export const TranslationsSchema = named(
  'Translations',
  z.object({
    languages: z.array(MessageLanguageSchema).optional(),
    voices: z.array(VoiceSchema).optional(),
    message_timeouts: described(z.array(z.object({ value: z.number().int(), text: z.string() })), 'Spec part 2 §9: seconds and label, 900 "15 minutes" to 604800 "7 days".').optional(),
    scenario_types: z.array(LabelledValueSchema(z.enum(SCENARIO_TYPES))).optional(),
    recipient_types: z.array(LabelledValueSchema(z.enum(RECIPIENT_TYPES))).optional(),
    dispatch_types: z.array(LabelledValueSchema(z.enum(DISPATCH_TYPES))).optional(),
  }),
  'Each catalogue asked for, under its key.',
);

export const TtsAudioRequestSchema = named(
  'TtsAudioRequest',
  z.object({
    text: described(
      z.string().trim().min(1),
      `What to say: not blank, at most ${SPEECH_TEXT_MAX_LENGTH} characters (413 beyond). Placeholders between hash marks (#first_name#) are not spoken: a short pause stands for each.`,
    ),
    language: described(z.enum(LANGUAGE_CODES), "A message language's code; left out: the voice's language, else en-GB.").nullish(),
    voice: described(
      z.string().trim().max(VOICE_MAX_LENGTH),
      "A voice's value of the language; left out: the group's default_tts_voice, else Amy (either giving way to the language's first voice when the language lacks it).",
    ).nullish(),
  }),
);

export const SPEECH_API = {
  tag: 'Message builder catalogues and speech',
  description: "The builder's languages, voices and other labelled choices, and a spoken preview of a voice message.",
  routes: {
    translations: {
      summary: "The message builder's catalogues",
      description:
        'Any signed-in user. The spec says only "(keys)": this answers the labelled catalogues the builder offers, by key: languages, voices, message_timeouts, scenario_types, recipient_types, dispatch_types.',
      body: TranslationsRequestSchema,
      responses: { 200: json(TranslationsSchema, 'The catalogues asked for.') },
    },
    ttsAudio: {
      summary: 'A spoken preview of a voice message',
      description:
        'Admins, operators and senders. The text spoken in the language with the voice, as a WAV file. The server speaks with espeak-ng, which stands in for the named voice (a variant per voice); with TTS_PROVIDER=none or espeak-ng missing, 503 says the preview is not available.',
      body: TtsAudioRequestSchema,
      responses: { 200: { description: 'The speech, a WAV file (RIFF, 16-bit mono PCM).', file: 'audio/wav' } },
      errors: {
        400: { description: 'A blank text, a language that is none of the message languages, or a voice that is not one of the language (each named).' },
        413: { description: `The text is longer than ${SPEECH_TEXT_MAX_LENGTH} characters.` },
      },
    },
  },
} as const satisfies ApiFeature<keyof typeof SPEECH_ROUTES>;
