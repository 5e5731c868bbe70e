/**
 * A message's poll (spec part 2 §3 polling_options, §5 "Polling options appear in the preview only
 * when both digit and text exist"): the choices a recipient answers with, a key on a call, a digit
 * texted back, or a button on the response page. Only options with both a digit and a text are
 * choices, in the builder's order.
 */

/** One answer a recipient can give: the digit that chooses it and what it means. */
export interface PollingChoice {
  readonly digit: string;
  readonly text: string;
}

export interface PollingOptionInput {
  readonly option_digit?: string | number | null;
  readonly option_text?: string | null;
}

/** The options with both a digit and a text, trimmed. */
export function pollingChoices(options: readonly PollingOptionInput[] | undefined): PollingChoice[] {
  return (options ?? []).flatMap(({ option_digit, option_text }) => {
    const digit = option_digit === null || option_digit === undefined ? '' : String(option_digit).trim();
    const text = typeof option_text === 'string' ? option_text.trim() : '';
    return digit !== '' && text !== '' ? [{ digit, text }] : [];
  });
}

/** The line a text or an email shows for a choice: "1 - I am safe". */
export const pollingLine = (choice: PollingChoice): string => `${choice.digit} - ${choice.text}`;

/** The sentence a call speaks for a choice: "Press 1 for I am safe." (a spoken "1 - …" reads as "one dash"). */
export const spokenPollingLine = (choice: PollingChoice): string => `Press ${choice.digit} for ${choice.text.replace(/[.!?]+$/, '')}.`;

/**
 * A digit, alone or with the punctuation people type after it ("1", " 1 ", "1.", "1)", "#1"): a text
 * that says more than that is a free answer, even when it starts with a digit ("1 more minute").
 */
const DIGIT_REPLY = /^\s*#?\s*(\d)\s*[.)!,]?\s*$/u;

/** The choice a reply (a texted answer, a key pressed) names, if it is one of the digits. */
export function pollingChoiceOf(reply: string, choices: readonly PollingChoice[]): PollingChoice | undefined {
  const digit = DIGIT_REPLY.exec(reply)?.[1];
  return digit === undefined ? undefined : choices.find((choice) => choice.digit === digit);
}

/**
 * A reply as recorded: one that names a choice becomes the choice's text, with its digit kept
 * (`replyDigit`); any other stays the person's own words.
 */
export function asPollingAnswer<R extends { readonly reply?: string }>(report: R, choices: readonly PollingChoice[]): R & { readonly replyDigit?: string } {
  const choice = report.reply === undefined ? undefined : pollingChoiceOf(report.reply, choices);
  return choice ? { ...report, reply: choice.text, replyDigit: choice.digit } : report;
}
