import { describe, expect, it } from '@jest/globals';
import { hasBidiControl, withoutControlCharacters } from './text-rules';

describe('text rules', () => {
  it('drops C0 and C1 control characters and DEL, keeping tab, line feed and carriage return', () => {
    const controls = [...Array(0x20).keys(), 0x7f, ...Array.from({ length: 0x20 }, (_, index) => 0x80 + index)].map((code) => String.fromCharCode(code));
    expect(withoutControlCharacters(`a${controls.join('')}b`)).toBe('a\t\n\rb');
  });

  it('keeps every other character, including marks that do not reorder text and astral ones', () => {
    const text = 'Zoë \u200F\u200E\u061C שלום 🚨 \u00A0end';
    expect(withoutControlCharacters(text)).toBe(text);
  });

  it('finds the embeddings, overrides and isolates, and nothing else', () => {
    for (let code = 0x2000; code <= 0x206f; code++) {
      const isBidiControl = (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
      expect([code.toString(16), hasBidiControl(`name${String.fromCharCode(code)}`)]).toEqual([code.toString(16), isBidiControl]);
    }
  });
});
