import { describe, expect, it } from '@jest/globals';
import { SegmentedMessage } from 'sms-segments-calculator';
import { countSmsSegments, normaliseSmsText, type SmsEncoding } from './sms-segments';

/**
 * Our count against the spec's rules (spec part 2 §5), cross-checked with sms-segments-calculator
 * (Twilio's segment calculator). Where the two differ, the spec wins and the row says why.
 */

const a = (count: number) => 'a'.repeat(count);

interface Expected {
  readonly encoding: SmsEncoding;
  readonly length: number;
  readonly segments: number;
}

/** What the calculator answers where it differs from the spec, and why the spec's answer stands. */
interface CalculatorDiffers {
  readonly encoding: SmsEncoding;
  readonly segments: number;
  readonly why: string;
}

interface Row {
  readonly name: string;
  readonly text: string;
  readonly expected: Expected;
  /** Omitted: the calculator agrees on encoding and parts (and on the length, for GSM-7). */
  readonly calculator?: CalculatorDiffers | { readonly notConsulted: string };
}

const gsm = (length: number, segments: number): Expected => ({ encoding: 'GSM-7', length, segments });
const ucs = (length: number, segments: number): Expected => ({ encoding: 'UCS-2', length, segments });

const NOT_NORMALISED = 'the calculator does not normalise typographic variants, so it counts the text as UCS-2';
const PAIRS_KEPT_WHOLE =
  'the calculator never splits an escape pair or a surrogate pair across parts, so a part can hold one unit less; the spec counts ceil(length / part size)';
const QUADRATIC = 'not consulted: the calculator splits graphemes with Array.concat in a loop, quadratic in the length (about 4 s at 40 000 characters)';

const ROWS: readonly Row[] = [
  {
    name: 'empty text',
    text: '',
    expected: gsm(0, 0),
    calculator: { encoding: 'GSM-7', segments: 1, why: 'an empty text is no message, so it takes no part; the calculator always starts one part' },
  },
  { name: 'plain text', text: 'Hello, the office is closed today.', expected: gsm(34, 1) },
  { name: 'exactly 160 GSM characters', text: a(160), expected: gsm(160, 1) },
  { name: '161 GSM characters: multipart, 153 per part', text: a(161), expected: gsm(161, 2) },
  { name: 'exactly 306 GSM characters', text: a(306), expected: gsm(306, 2) },
  { name: '307 GSM characters', text: a(307), expected: gsm(307, 3) },
  { name: '765 GSM characters: at the threshold', text: a(765), expected: gsm(765, 5) },
  { name: '766 GSM characters: over the threshold', text: a(766), expected: gsm(766, 6) },
  { name: 'an extension character counts 2: 158 + € = 160', text: `${a(158)}€`, expected: gsm(160, 1) },
  { name: 'an extension character at the single-part boundary: 159 + € = 161', text: `${a(159)}€`, expected: gsm(161, 2) },
  {
    name: 'an extension character across the multipart boundary: 152 + € + 152 = 306',
    text: `${a(152)}€${a(152)}`,
    expected: gsm(306, 2),
    calculator: { encoding: 'GSM-7', segments: 3, why: PAIRS_KEPT_WHOLE },
  },
  { name: 'every extension character', text: '^{}\\[~]|€', expected: gsm(18, 1) },
  { name: '80 braces pairs: 160 septets', text: '{}'.repeat(40), expected: gsm(160, 1) },
  { name: 'form feed is in the extension table', text: '\f', expected: gsm(2, 1) },
  { name: 'GSM symbols £ $ ¥ @ ¤ § ¿ ¡', text: '£$¥@¤§¿¡', expected: gsm(8, 1) },
  { name: 'Greek capitals of the GSM set', text: 'ΔΦΓΛΩΠΨΣΘΞ', expected: gsm(10, 1) },
  { name: 'Greek text outside the GSM set', text: 'Καλημέρα', expected: ucs(8, 1) },
  { name: 'é is GSM', text: 'café', expected: gsm(4, 1) },
  { name: 'á is not GSM', text: 'á', expected: ucs(1, 1) },
  { name: 'Ç is GSM, ç is not', text: 'ça', expected: ucs(2, 1) },
  { name: 'capital Ç', text: 'Ça', expected: gsm(2, 1) },
  { name: 'Spanish with ñ (GSM) and ú (not)', text: 'Ñandú', expected: ucs(5, 1) },
  { name: '70 UCS-2 units: one part', text: `á${a(69)}`, expected: ucs(70, 1) },
  { name: '71 UCS-2 units: multipart, 67 per part', text: `á${a(70)}`, expected: ucs(71, 2) },
  { name: '134 UCS-2 units', text: `á${a(133)}`, expected: ucs(134, 2) },
  { name: '135 UCS-2 units', text: `á${a(134)}`, expected: ucs(135, 3) },
  { name: 'an emoji counts 2 (outside the BMP)', text: '😀', expected: ucs(2, 1) },
  { name: '69 + an emoji = 71 units', text: `${a(69)}😀`, expected: ucs(71, 2) },
  {
    name: 'an emoji across the multipart boundary: 66 + 😀 + 66 = 134',
    text: `${a(66)}😀${a(66)}`,
    expected: ucs(134, 2),
    calculator: { encoding: 'UCS-2', segments: 3, why: PAIRS_KEPT_WHOLE },
  },
  { name: 'a flag (two regional indicators)', text: '🇬🇧', expected: ucs(4, 1) },
  { name: 'a family emoji joined by ZWJ', text: '👨‍👩‍👧', expected: ucs(8, 1) },
  { name: 'a combining accent is not GSM', text: 'e\u0301', expected: ucs(2, 1) },
  { name: 'mixed Latin and Cyrillic', text: 'Hello Привет', expected: ucs(12, 1) },
  { name: 'Chinese', text: '你好', expected: ucs(2, 1) },
  { name: 'line feeds are GSM', text: 'line one\nline two', expected: gsm(17, 1) },
  { name: 'CR LF counts 2', text: 'a\r\nb', expected: gsm(4, 1) },
  { name: 'the euro sign in a price', text: 'Price: 10€', expected: gsm(11, 1) },
  {
    name: 'curly quotes and apostrophe normalise into GSM',
    text: '“Hello” it’s',
    expected: gsm(12, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'the ellipsis becomes three periods',
    text: 'Wait…',
    expected: gsm(7, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'en and em dashes',
    text: '9–5 — daily',
    expected: gsm(11, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'no-break, thin, em and ideographic spaces',
    text: 'a\u00A0b\u2009c\u2003d\u3000e',
    expected: gsm(9, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'fullwidth punctuation',
    text: '！？（）：；，．',
    expected: gsm(8, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'the Greek question mark is a semicolon',
    text: 'a\u037Eb',
    expected: gsm(3, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'tab is whitespace',
    text: 'a\tb',
    expected: gsm(3, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: 'the line separator becomes a line feed',
    text: 'a\u2028b',
    expected: gsm(3, 1),
    calculator: { encoding: 'UCS-2', segments: 1, why: NOT_NORMALISED },
  },
  {
    name: '159 characters and one curly apostrophe: one GSM part, not three UCS-2 parts',
    text: `${a(159)}’`,
    expected: gsm(160, 1),
    calculator: { encoding: 'UCS-2', segments: 3, why: NOT_NORMALISED },
  },
  { name: 'the soft hyphen is not normalised (invisible)', text: 'a\u00ADb', expected: ucs(3, 1) },
  { name: 'the backtick is not GSM and not normalised', text: '`', expected: ucs(1, 1) },
  { name: '10 000 GSM characters', text: a(10_000), expected: gsm(10_000, 66) },
  {
    name: '10 000 emoji',
    text: '😀'.repeat(10_000),
    expected: ucs(20_000, 299),
    calculator: { encoding: 'UCS-2', segments: 304, why: PAIRS_KEPT_WHOLE },
  },
  { name: 'a 1 MB text', text: a(1 << 20), expected: gsm(1 << 20, 6854), calculator: { notConsulted: QUADRATIC } },
];

describe('counting SMS parts (spec part 2 §5)', () => {
  it('has a table of at least 40 texts', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(40);
  });

  describe.each(ROWS)('$name', ({ text, expected, calculator }) => {
    const count = countSmsSegments(text);

    it(`is ${expected.encoding}, length ${expected.length}, ${expected.segments} part(s)`, () => {
      expect({ encoding: count.encoding, length: count.length, segments: count.number_of_segments }).toEqual(expected);
    });

    it('holds the per-part size, the threshold and whether the text is over it', () => {
      const multipart = expected.encoding === 'GSM-7' ? 153 : 67;
      const single = expected.encoding === 'GSM-7' ? 160 : 70;
      expect(count.threshold).toBe(5 * multipart);
      expect(count.per_segment).toBe(expected.length <= single ? single : multipart);
      expect(count.over_threshold).toBe(expected.length > 5 * multipart);
    });

    // The row says why the calculator is not asked.
    if (calculator !== undefined && 'notConsulted' in calculator) return;

    const reference = new SegmentedMessage(text);
    if (calculator === undefined) {
      it('agrees with sms-segments-calculator', () => {
        expect({ encoding: reference.encodingName, segments: reference.segmentsCount }).toEqual({
          encoding: expected.encoding,
          segments: expected.segments,
        });
        // The calculator counts UCS-2 texts in graphemes, so only GSM-7 lengths compare.
        if (expected.encoding === 'GSM-7') expect(reference.numberOfCharacters).toBe(expected.length);
      });
    } else {
      it(`differs from sms-segments-calculator, and the spec wins: ${calculator.why}`, () => {
        expect({ encoding: reference.encodingName, segments: reference.segmentsCount }).toEqual({
          encoding: calculator.encoding,
          segments: calculator.segments,
        });
      });
    }
  });
});

describe('normalising typographic variants', () => {
  it('gives plain ASCII for each category of the spec', () => {
    expect(normaliseSmsText('‘a’ “b” c‚ d–e—f … g\u00A0h ！？（）：；，．')).toBe('\'a\' "b" c\' d-e-f ... g h !?():;,.');
  });

  it('returns the same text when there is nothing to normalise', () => {
    const text = 'Nothing to change here.';
    expect(normaliseSmsText(text)).toBe(text);
  });

  it('answers the normalised text with the count', () => {
    expect(countSmsSegments('It’s…').normalised_text).toBe("It's...");
  });
});

// How fast these are counted is measured by `npm run bench` (3g), not here: a timed test fails on a busy machine.
describe('counting very long texts', () => {
  it('counts 10 MB of GSM text', () => {
    expect(countSmsSegments(a(10 * 1024 * 1024)).number_of_segments).toBe(Math.ceil((10 * 1024 * 1024) / 153));
  });

  it('counts 10 MB of text that is all typographic variants', () => {
    expect(countSmsSegments('’'.repeat(10 * 1024 * 1024)).encoding).toBe('GSM-7');
  });

  it('counts 10 MB of text whose last character is not GSM', () => {
    const count = countSmsSegments(`${a(10 * 1024 * 1024 - 1)}á`);
    expect(count.encoding).toBe('UCS-2');
    expect(count.number_of_segments).toBe(Math.ceil((10 * 1024 * 1024) / 67));
  });
});
