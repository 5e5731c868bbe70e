import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CUSTOMER_GROUP_SETTINGS } from '../customer-group/customer-group-settings';
import {
  DEFAULT_MESSAGE_LANGUAGE,
  DEFAULT_TTS_VOICE,
  MESSAGE_LANGUAGES,
  VOICES,
  isMessageLanguage,
  isVoiceOf,
  languageOfVoice,
  notAVoiceOf,
  ttsVoiceFor,
  voiceToSpeak,
  voiceGenderOf,
  voicesOf,
} from './voices';

describe('message languages (spec part 2 §9)', () => {
  it('offers English first, then the optional languages the spec names', () => {
    expect(MESSAGE_LANGUAGES[0]).toEqual({ code: 'en-GB', name: 'English' });
    expect(MESSAGE_LANGUAGES.map(({ name }) => name).slice(1)).toEqual([
      'Catalan',
      'Czech',
      'Danish',
      'Dutch',
      'French',
      'German',
      'Greek',
      'Icelandic',
      'Italian',
      'Japanese',
      'Norwegian',
      'Polish',
      'Portuguese',
      'Romanian',
      'Russian',
      'Scottish Gaelic',
      'Spanish',
      'Swedish',
      'Turkish',
      'US English',
      'Welsh',
    ]);
    expect(DEFAULT_MESSAGE_LANGUAGE).toBe('en-GB');
  });

  it('knows its codes and nothing else', () => {
    expect(isMessageLanguage('cy-GB')).toBe(true);
    expect(isMessageLanguage('gd-GB')).toBe(true);
    expect(isMessageLanguage('en')).toBe(false);
    expect(isMessageLanguage('__proto__')).toBe(false);
    expect(isMessageLanguage(undefined)).toBe(false);
  });
});

describe('voices (spec part 2 §3 "Voice entry")', () => {
  it('gives every language at least one voice, each with a name, value, label, language and provider', () => {
    for (const { code } of MESSAGE_LANGUAGES) expect(voicesOf(code).length).toBeGreaterThan(0);
    for (const voice of VOICES) expect(Object.keys(voice).sort()).toEqual(['label', 'language', 'name', 'provider', 'value']);
  });

  it('keeps each value unique across languages, so a stored voice names one entry', () => {
    expect(new Set(VOICES.map(({ value }) => value)).size).toBe(VOICES.length);
  });

  it('lists the public voices of the providers: Polly for English, Cereproc for Scottish Gaelic, Google for Greek', () => {
    expect(voicesOf('en-GB').map(({ value }) => value)).toEqual(['Amy', 'Emma', 'Brian', 'Arthur']);
    expect(voicesOf('gd-GB')).toEqual([{ name: 'Ceitidh', value: 'Ceitidh', label: 'Ceitidh (female)', language: 'gd-GB', provider: 'cereproc' }]);
    expect(voicesOf('el-GR')[0]).toMatchObject({ value: 'el-GR-Standard-A', provider: 'google' });
    expect(voicesOf('is-IS')[0]).toEqual({ name: 'Dóra', value: 'Dora', label: 'Dóra (female)', language: 'is-IS', provider: 'polly' });
  });

  it('answers no voices for an unknown language', () => {
    expect(voicesOf('xx-XX')).toEqual([]);
  });

  it('tells whether a voice belongs to a language', () => {
    expect(isVoiceOf('en-GB', 'Amy')).toBe(true);
    expect(isVoiceOf('cy-GB', 'Gwyneth')).toBe(true);
    expect(isVoiceOf('en-US', 'Amy')).toBe(false);
    expect(isVoiceOf('en-GB', 'amy')).toBe(false);
    expect(isVoiceOf('xx-XX', 'Amy')).toBe(false);
  });

  it('knows whether a voice is a female or a male one', () => {
    expect(voiceGenderOf('Amy')).toBe('female');
    expect(voiceGenderOf('Brian')).toBe('male');
    expect(voiceGenderOf('Nobody')).toBeUndefined();
  });

  it('has Amy, the default voice, among the English voices', () => {
    expect(DEFAULT_TTS_VOICE).toBe('Amy');
    expect(isVoiceOf(DEFAULT_MESSAGE_LANGUAGE, DEFAULT_TTS_VOICE)).toBe(true);
  });
});

describe('the voice TTS voice (spec part 2 §4)', () => {
  it('given a selected voice, when the voice is chosen, then the selected voice is used', () => {
    expect(ttsVoiceFor('Brian', 'Emma')).toBe('Brian');
  });

  it('given no selected voice, when the voice is chosen, then the group default is used', () => {
    expect(ttsVoiceFor(undefined, 'Emma')).toBe('Emma');
    expect(ttsVoiceFor(null, 'Emma')).toBe('Emma');
    expect(ttsVoiceFor('  ', 'Emma')).toBe('Emma');
  });

  it('given neither a selected voice nor a group default, when the voice is chosen, then it is Amy', () => {
    expect(ttsVoiceFor(undefined, undefined)).toBe('Amy');
    expect(ttsVoiceFor(null, '')).toBe('Amy');
  });

  it("given a group that never changed its settings, when the voice is chosen, then it is the group's default, Amy", () => {
    expect(ttsVoiceFor(undefined, DEFAULT_CUSTOMER_GROUP_SETTINGS.default_tts_voice)).toBe('Amy');
  });
});

describe('the voice a text is spoken with', () => {
  it('given a selected voice, when the text is spoken, then it is that voice, even one the language lacks (for the caller to refuse)', () => {
    expect(voiceToSpeak('cy-GB', 'Gwyneth', 'Brian')).toBe('Gwyneth');
    expect(voiceToSpeak('cy-GB', 'Amy', 'Brian')).toBe('Amy');
  });

  it("given no selected voice and a group default of the language, when the text is spoken, then it is the group's default", () => {
    expect(voiceToSpeak('en-GB', undefined, 'Brian')).toBe('Brian');
  });

  it("given no selected voice and a group default of another language, when the text is spoken, then it is the language's first voice", () => {
    expect(voiceToSpeak('cy-GB', undefined, 'Brian')).toBe('Gwyneth');
    expect(voiceToSpeak('en-US', null, null)).toBe('Joanna');
  });

  it('knows the language of a voice, and names it in the message for a voice of another', () => {
    expect(languageOfVoice('Gwyneth')).toBe('cy-GB');
    expect(languageOfVoice('Nobody')).toBeUndefined();
    expect(notAVoiceOf('Joanna', 'en-GB')).toBe('"Joanna" is not a voice of English.');
  });
});
