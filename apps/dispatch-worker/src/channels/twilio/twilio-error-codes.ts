/**
 * Twilio's error codes in words a sender understands, for refusals of a create (21xxx) and for the
 * ErrorCode of a failed or undelivered message's status callback (30xxx). Each reason ends with the
 * code, so support can look it up: "The phone was switched off or out of coverage (Twilio error 30003)".
 */
const WORDS: Readonly<Record<number, string>> = {
  // Refused when the message or call is created.
  20003: 'Twilio refused the account credentials',
  20404: 'Twilio does not know this account or resource',
  21211: 'The number is not a valid phone number',
  21214: 'The number cannot be reached by a call',
  21215: 'Calls to this country are not enabled on the Twilio account',
  21217: 'The number does not look like a valid phone number',
  21408: 'Texts to this country or region are not enabled on the Twilio account',
  21602: 'The message has no text',
  21606: 'The sender number cannot send texts from this Twilio account',
  21610: 'The recipient has opted out of texts from this sender (they replied STOP)',
  21612: 'Twilio cannot route a text from this sender to this number',
  21614: 'The number is not a mobile number',
  21617: 'The text is longer than the 1600 characters Twilio takes',
  // Reported by a status callback after the create was accepted.
  30001: 'Too many texts were queued for this sender; Twilio dropped this one',
  30002: 'The Twilio account is suspended',
  30003: 'The phone was switched off or out of coverage',
  30004: 'The recipient or their carrier blocked the message',
  30005: 'The number is unknown to its carrier (it may no longer exist)',
  30006: 'The number is a landline or its carrier cannot take texts',
  30007: 'The carrier filtered the message (as spam or by its rules)',
  30008: 'The carrier reported an unknown error',
  30009: 'Part of the message was lost on the way',
  30010: 'The message cost more than the price limit set for it',
  30032: 'The toll-free sender number is not verified',
  30034: 'The sender number is not registered for business texting (A2P 10DLC)',
};

/** The words for a Twilio error code, with the code; `fallback` (Twilio's own message) for codes we have no words for. */
export function twilioErrorWords(code: number | undefined, fallback?: string): string {
  if (code === undefined) return fallback?.trim() || 'Twilio gave no reason';
  const words = WORDS[code] ?? (fallback?.trim() || 'Twilio reported an error');
  return `${words} (Twilio error ${code})`;
}
