import { describe, expect, it } from '@jest/globals';
import { MESSAGE_TIMEOUT_CHOICES } from '../customer-group/customer-group-settings';
import { RECIPIENT_TYPES, SCENARIO_TYPES } from './scenario-draft';
import { DISPATCH_TYPES } from '../field/field-types';
import { TRANSLATION_KEYS, isTranslationKey, translationsFor, unknownTranslationKey } from './translations';
import { MESSAGE_LANGUAGES, VOICES } from './voices';

describe('the translations the message builder asks for', () => {
  it('answers each catalogue asked for under its key, and only those', () => {
    expect(translationsFor(['languages', 'message_timeouts'])).toEqual({ languages: MESSAGE_LANGUAGES, message_timeouts: MESSAGE_TIMEOUT_CHOICES });
    expect(translationsFor([])).toEqual({});
    expect(translationsFor(['voices', 'voices'])).toEqual({ voices: VOICES });
  });

  it('labels every scenario type, recipient type and dispatch type of the domain', () => {
    const { scenario_types, recipient_types, dispatch_types } = translationsFor(['scenario_types', 'recipient_types', 'dispatch_types']);
    expect(scenario_types!.map(({ value }) => value)).toEqual([...SCENARIO_TYPES]);
    expect(recipient_types!.map(({ value }) => value)).toEqual([...RECIPIENT_TYPES]);
    expect(dispatch_types!.map(({ value }) => value)).toEqual([...DISPATCH_TYPES]);
    expect(recipient_types!.slice(0, 6).map(({ label }) => label)).toEqual([
      'Everyone',
      'Individuals',
      'Datasets',
      'Currently On Call',
      'Select field',
      'Multiselect field',
    ]);
    expect(dispatch_types).toContainEqual({ value: 'VOICE', label: 'Voice Call' });
  });

  it('offers the timeouts of spec §9, 15 minutes to 7 days', () => {
    const { message_timeouts } = translationsFor(['message_timeouts']);
    expect(message_timeouts![0]).toEqual({ value: 900, text: '15 minutes' });
    expect(message_timeouts!.at(-1)).toEqual({ value: 604800, text: '7 days' });
  });

  it('knows its keys and nothing else, and does not repeat a long unknown key', () => {
    expect(TRANSLATION_KEYS).toEqual(['languages', 'voices', 'message_timeouts', 'scenario_types', 'recipient_types', 'dispatch_types']);
    expect(isTranslationKey('voices')).toBe(true);
    expect(isTranslationKey('__proto__')).toBe(false);
    expect(isTranslationKey('toString')).toBe(false);
    expect(unknownTranslationKey('colours')).toBe('"colours" is not a valid choice.');
    expect(unknownTranslationKey('x'.repeat(101))).toBe('Ensure this field has no more than 100 characters.');
  });
});
