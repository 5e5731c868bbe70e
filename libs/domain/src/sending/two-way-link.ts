/**
 * The two-way SMS link (spec part 2 §3 sms_two_way_link; customer-group settings two_way_sms and
 * force_two_way_sms; §2 the root permission "SMS links for 2 way messages"): a text that carries it
 * ends its message with "Respond here: <address>", a page where the recipient answers without
 * signing in. Each delivery has its own address, `<PUBLIC_URL>/ui/r/<token>`, the token an HMAC of the
 * delivery's id (the server's key never leaves it), so an address cannot be guessed from another.
 */

import { validationError } from '../shared/domain-errors';
import { pollingChoices, type PollingChoice, type PollingOptionInput } from './polling';

/** The root permission without which no text carries the link, whatever the message and group say. */
export const TWO_WAY_LINK_PERMISSION = 'SMS links for 2 way messages';

/** The console's path of the response page; the token follows it. */
export const RESPONSE_PAGE_PATH = '/r/';

/** A response token: 22 base64url characters (128 bits of the delivery id's HMAC). */
export const RESPONSE_TOKEN_LENGTH = 22;
export const RESPONSE_TOKEN = /^[A-Za-z0-9_-]{22}$/u;

/** The longest free answer the response page takes (a message without polling options). */
export const MAX_FREE_ANSWER_LENGTH = 500;

export interface TwoWayLinkScenario {
  readonly sms_two_way_link?: boolean;
}

export interface TwoWayLinkSettings {
  readonly two_way_sms?: boolean | null;
  readonly force_two_way_sms?: boolean | null;
}

/**
 * Whether a text carries the link: only with the root permission; then always when the group forces
 * it (force_two_way_sms), else when the group allows it (two_way_sms) and the message asks for it
 * (its own sms_two_way_link). The preview and the send read the same rule, so what is previewed is
 * what is sent.
 */
export function carriesTwoWayLink(scenario: TwoWayLinkScenario, settings: TwoWayLinkSettings, rootPermissions: readonly string[]): boolean {
  if (!rootPermissions.includes(TWO_WAY_LINK_PERMISSION)) return false;
  return settings.force_two_way_sms === true || (settings.two_way_sms === true && scenario.sms_two_way_link === true);
}

/** The line a text carries: "Respond here: https://…/r/<token>". */
export const respondHereLine = (url: string): string => `Respond here: ${url}`;

/** A delivery's response address: the console's page (served under /ui, as the emails' links are) at the public address. */
export const responseUrlOf = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/u, '')}/ui${RESPONSE_PAGE_PATH}${token}`;

/**
 * When the response page stops taking answers: the message's polling_timeout after the text was sent,
 * or, with no polling timeout (0), the message timeout (the delivery is timed out then anyway).
 */
export function responseClosesAt(sentAt: string, pollingTimeoutSeconds: number | undefined, messageTimeoutSeconds: number): number {
  const seconds = pollingTimeoutSeconds !== undefined && pollingTimeoutSeconds > 0 ? pollingTimeoutSeconds : messageTimeoutSeconds;
  return Date.parse(sentAt) + seconds * 1000;
}

/**
 * The stream of the answer given on a response page: one event, appended only if the stream is new,
 * so the first answer through the link stands on every node (a second is told it has answered).
 */
export const responseAnswerStream = (token: string): string => `response_answer-${token}`;

/** What the response page shows of a message. */
export interface ResponsePageFacts {
  readonly scenario: { readonly message: { readonly sms: string }; readonly polling_options?: readonly PollingOptionInput[]; readonly polling_timeout?: number };
  /** The session's message timeout (seconds). */
  readonly timeoutSeconds: number;
  /** When the text went out (its first answer from the provider), else when the session started. */
  readonly sentAt: string;
  /** The delivery's answer already recorded (by the page, a texted reply, a key), if any. */
  readonly answer: string | null;
}

export interface ResponsePage {
  readonly message: string;
  readonly choices: readonly PollingChoice[];
  readonly closesAt: number;
  readonly answer: string | null;
}

export const responsePageOf = (facts: ResponsePageFacts): ResponsePage => ({
  message: facts.scenario.message.sms,
  choices: pollingChoices(facts.scenario.polling_options),
  closesAt: responseClosesAt(facts.sentAt, facts.scenario.polling_timeout, facts.timeoutSeconds),
  answer: facts.answer,
});

export const ALREADY_ANSWERED = 'You have already answered this message.';
export const RESPONSES_CLOSED = 'This message no longer takes answers.';
export const NO_SUCH_RESPONSE_LINK = 'This link does not lead to a message. Check that it was copied whole.';

/**
 * The reply an answer on the page records: a choice's text with its digit when the message has
 * polling options (only one of them), else the person's own words, trimmed and not blank.
 */
export function responseAnswerOf(page: ResponsePage, answer: { readonly digit?: string; readonly text?: string }): { reply: string; replyDigit?: string } {
  if (page.choices.length) {
    const choice = page.choices.find((each) => each.digit === answer.digit);
    if (!choice) throw validationError('Choose one of the answers.', { digit: ['Choose one of the answers.'] });
    return { reply: choice.text, replyDigit: choice.digit };
  }
  const text = answer.text?.trim() ?? '';
  if (!text) throw validationError('Write your answer.', { text: ['Write your answer.'] });
  if (text.length > MAX_FREE_ANSWER_LENGTH) throw validationError(`An answer is at most ${MAX_FREE_ANSWER_LENGTH} characters.`, { text: [`An answer is at most ${MAX_FREE_ANSWER_LENGTH} characters.`] });
  return { reply: text };
}
