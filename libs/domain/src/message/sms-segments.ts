/**
 * How many SMS parts a text takes (spec part 2 §5 "SMS counting"), the same count in the console's
 * builder and on the server.
 *
 * Typographic variants (curly quotes, dashes, non-breaking and other spaces, fullwidth punctuation,
 * the ellipsis) are normalised to plain ASCII first, because word processors put them into texts that
 * would otherwise fit the GSM 03.38 alphabet and cost two to three times the parts as UCS-2. The text
 * is then GSM-7 only if every character is in the GSM 03.38 basic set or its extension table (an
 * extension character is sent as escape + character, so it counts 2); otherwise it is UCS-2, counted
 * in UTF-16 code units (a character outside the Basic Multilingual Plane, such as most emoji, counts 2).
 *
 * One pass over the text, a table lookup per character, no regular expressions: a 10 MB text counts
 * in a fraction of a second.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegmentCount {
  readonly encoding: SmsEncoding;
  /** Septets for GSM-7 (extension characters 2), UTF-16 code units for UCS-2, of the normalised text. */
  readonly length: number;
  /** What one part holds: the single-part size while the text fits one part, the multipart size after. */
  readonly per_segment: number;
  /** ceil(length / per_segment); 0 for an empty text, which is no message. */
  readonly number_of_segments: number;
  /** 5 × the multipart size (765 GSM-7, 335 UCS-2): longer texts are over the threshold. */
  readonly threshold: number;
  readonly over_threshold: boolean;
  /** The text as it would be sent, after normalisation. */
  readonly normalised_text: string;
}

/** Part sizes per encoding (3GPP TS 23.040: 140 octets, less a 6-octet concatenation header when multipart). */
export const SMS_PART_SIZES: Readonly<Record<SmsEncoding, { readonly single: number; readonly multipart: number }>> = {
  'GSM-7': { single: 160, multipart: 153 },
  'UCS-2': { single: 70, multipart: 67 },
};

/** How many multipart parts a text may take before the builder warns (spec: "Threshold is 5 times the multipart size"). */
export const SMS_THRESHOLD_PARTS = 5;

/** GSM 03.38 default alphabet, basic set (LF and CR included; ESC is not a character of its own). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: sent as ESC + character, so each counts 2 (form feed is the page break). */
const GSM_EXTENSION = '^{}\\[~]|€\f';

/**
 * Typographic variants and their plain ASCII forms, by the spec's categories. Tab and the Unicode
 * line and paragraph separators are whitespace too: tab becomes a space, the separators a line feed.
 * Not here: the soft hyphen (invisible, so making it a visible "-" would change the text) and the
 * backtick (already ASCII, and not a typographic apostrophe).
 */
const TYPOGRAPHIC_VARIANTS: ReadonlyArray<readonly [string, string]> = [
  // whitespace
  ...[...'\t\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000'].map((c) => [c, ' '] as const),
  ['\u2028', '\n'],
  ['\u2029', '\n'],
  // comma
  ...[...'\uFE50\uFE51\uFF0C\uFF64\u3001'].map((c) => [c, ','] as const),
  // dash
  ...[...'\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D'].map((c) => [c, '-'] as const),
  // period
  ...[...'\u2024\uFE52\uFF0E\u3002\uFF61'].map((c) => [c, '.'] as const),
  // colon
  ...[...'\u2236\uA789\uFE13\uFE55\uFF1A'].map((c) => [c, ':'] as const),
  // semicolon (U+037E, the Greek question mark, is a semicolon by canonical equivalence)
  ...[...'\u037E\uFE14\uFE54\uFF1B'].map((c) => [c, ';'] as const),
  // apostrophe and single quotes
  ...[...'\u2018\u2019\u201A\u201B\u2032\u2039\u203A\u02BC\u00B4\uFF07'].map((c) => [c, "'"] as const),
  // double quotes
  ...[...'\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\u301D\u301E\uFF02'].map((c) => [c, '"'] as const),
  // parentheses
  ...[...'\uFF08\uFE59\u207D\u208D\u2768\u276A'].map((c) => [c, '('] as const),
  ...[...'\uFF09\uFE5A\u207E\u208E\u2769\u276B'].map((c) => [c, ')'] as const),
  // exclamation mark
  ...[...'\uFF01\uFE57\uFE15\u01C3'].map((c) => [c, '!'] as const),
  // question mark
  ...[...'\uFF1F\uFE56\uFE16'].map((c) => [c, '?'] as const),
  // ellipsis
  ['\u2026', '...'],
  ['\uFE19', '...'],
];

/** Replacement by UTF-16 code unit (every variant is one BMP code unit); a table, as it is read once per character. */
const REPLACEMENTS: readonly (string | undefined)[] = (() => {
  const table = new Array<string | undefined>(0x10000);
  for (const [variant, plain] of TYPOGRAPHIC_VARIANTS) table[variant.charCodeAt(0)] = plain;
  return table;
})();

/** Septets per BMP code unit: 1 basic, 2 extension, 0 not GSM. */
const GSM_SEPTETS = (() => {
  const table = new Uint8Array(0x10000);
  for (const character of GSM_BASIC) table[character.charCodeAt(0)] = 1;
  for (const character of GSM_EXTENSION) table[character.charCodeAt(0)] = 2;
  return table;
})();

/** Code units gathered before they become a string: short enough for String.fromCharCode's arguments. */
const CHUNK = 8192;

/**
 * The text with typographic variants replaced by their plain ASCII forms (the ellipsis by "...").
 * Built in chunks of code units rather than by joining slices, which is slow when most characters
 * change; lone surrogates stay as they are.
 */
export function normaliseSmsText(text: string): string {
  let index = 0;
  while (index < text.length && REPLACEMENTS[text.charCodeAt(index)] === undefined) index += 1;
  if (index === text.length) return text;
  const pieces = [text.slice(0, index)];
  const units = new Uint16Array(CHUNK + 3);
  let filled = 0;
  for (; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const replacement = REPLACEMENTS[unit];
    if (replacement === undefined) units[filled++] = unit;
    else for (let at = 0; at < replacement.length; at += 1) units[filled++] = replacement.charCodeAt(at);
    if (filled >= CHUNK) {
      // apply takes the typed array as it is (a spread would copy it into an argument list first).
      pieces.push(String.fromCharCode.apply(null, units.subarray(0, filled) as unknown as number[]));
      filled = 0;
    }
  }
  pieces.push(String.fromCharCode.apply(null, units.subarray(0, filled) as unknown as number[]));
  return pieces.join('');
}

/** GSM-7 septets of the text, or undefined when a character is not in the GSM 03.38 alphabet. */
function gsmSeptets(text: string): number | undefined {
  let septets = 0;
  for (let index = 0; index < text.length; index += 1) {
    const cost = GSM_SEPTETS[text.charCodeAt(index)]!;
    if (cost === 0) return undefined;
    septets += cost;
  }
  return septets;
}

/** The SMS count of a text (spec part 2 §5), after normalising it. */
export function countSmsSegments(text: string): SmsSegmentCount {
  const normalised_text = normaliseSmsText(text);
  const septets = gsmSeptets(normalised_text);
  const encoding: SmsEncoding = septets === undefined ? 'UCS-2' : 'GSM-7';
  const length = septets ?? normalised_text.length;
  const sizes = SMS_PART_SIZES[encoding];
  const per_segment = length <= sizes.single ? sizes.single : sizes.multipart;
  const threshold = SMS_THRESHOLD_PARTS * sizes.multipart;
  return {
    encoding,
    length,
    per_segment,
    number_of_segments: Math.ceil(length / per_segment),
    threshold,
    over_threshold: length > threshold,
    normalised_text,
  };
}
