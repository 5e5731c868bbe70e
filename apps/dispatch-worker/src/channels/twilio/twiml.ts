/** How a call speaks the text: Twilio's `<Say>` attributes. */
export interface SayOptions {
  /** A Twilio voice (`Polly.Joanna`, `Google.en-GB-Standard-A`, `man`, …); absent: Twilio's default. */
  readonly voice?: string;
  /** The text's language (`en-GB`, `fi-FI`, …); absent: the voice's own. */
  readonly language?: string;
  /** How many times the text is spoken (default once). */
  readonly loop?: number;
}

/** Twilio refuses a Twiml parameter longer than this. */
export const TWIML_MAX_LENGTH = 4000;

/**
 * The inline TwiML of a call that speaks `text`: `<Response><Say …>text</Say></Response>`. The text and
 * attributes are escaped for XML, and characters XML 1.0 cannot carry (control characters other than
 * tab and line breaks) are dropped, so a message's text never changes or breaks the document.
 */
export function sayTwiml(text: string, options: SayOptions = {}): string {
  const attributes = [
    options.voice ? ` voice="${escapeXml(options.voice)}"` : '',
    options.language ? ` language="${escapeXml(options.language)}"` : '',
    options.loop && options.loop > 1 ? ` loop="${Math.floor(options.loop)}"` : '',
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say${attributes}>${escapeXml(text)}</Say></Response>`;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}
