import { ROUTES } from '@beacon/contracts';
import { spokenPollingLine, type PollingChoice } from '@beacon/domain';
import { escapeXml, type SayOptions } from './twiml';

/**
 * The TwiML of a call that asks a poll (spec part 2 §3 polling_options): the message and its options
 * ("Press 1 for I am safe.") spoken inside a `<Gather>` of one key, whose action is the delivery's own
 * address on our callback route, so the key pressed names its delivery as a status report does.
 */

/**
 * How long a call waits for a key after the options are spoken (Twilio's default is 5 s). The
 * message's polling_timeout is how long the poll stays open (15 minutes to 7 days in the builder), far
 * too long to keep a silent line open, so a call waits this long and then says goodbye.
 */
export const GATHER_TIMEOUT_SECONDS = 10;

export const NO_KEY_TEXT = 'No answer was recorded. Goodbye.';
export const NOT_A_CHOICE_TEXT = 'Sorry, that is not one of the choices.';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/** The Gather route's address without its delivery id: `<PUBLIC_URL>/api/provider_callback/twilio/gather`. */
export function gatherCallbackBaseOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.twilioGather.path.replace(/\/:delivery_id$/, '')}`;
}

/** The Gather action of one delivery: `<base>/<encoded delivery id>`, with `?again=1` when the options are asked a second time. */
export function gatherActionUrlOf(baseUrl: string, deliveryId: string, again = false): string {
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(deliveryId)}${again ? '?again=1' : ''}`;
}

/** A `<Say>` with the call's voice and language; only the message itself is repeated (`loop`). */
function say(text: string, options: SayOptions, repeated = false): string {
  const attributes = [
    options.voice ? ` voice="${escapeXml(options.voice)}"` : '',
    options.language ? ` language="${escapeXml(options.language)}"` : '',
    repeated && options.loop && options.loop > 1 ? ` loop="${Math.floor(options.loop)}"` : '',
  ].join('');
  return `<Say${attributes}>${escapeXml(text)}</Say>`;
}

function gather(text: string, action: string, options: SayOptions): string {
  return `<Gather input="dtmf" numDigits="1" timeout="${GATHER_TIMEOUT_SECONDS}" action="${escapeXml(action)}" method="POST">${say(text, options, true)}</Gather>${say(NO_KEY_TEXT, options)}`;
}

/** The call: its text (the message and the spoken options) inside the Gather; no key pressed in time says goodbye. */
export function gatherTwiml(text: string, action: string, options: SayOptions = {}): string {
  return `${HEAD}<Response>${gather(text, action, options)}</Response>`;
}

/** After a key that is one of the choices: thanks, naming the answer, and the call ends. */
export function answeredTwiml(choice: PollingChoice, options: SayOptions = {}): string {
  return `${HEAD}<Response>${say(`Thank you. Your answer, ${choice.text.replace(/[.!?]+$/, '')}, was recorded. Goodbye.`, options)}<Hangup/></Response>`;
}

/** After a key that is no choice, the first time: the options again, once more. */
export function askAgainTwiml(choices: readonly PollingChoice[], action: string, options: SayOptions = {}): string {
  return `${HEAD}<Response>${gather([NOT_A_CHOICE_TEXT, ...choices.map(spokenPollingLine)].join('\n'), action, options)}</Response>`;
}

/** After a second key that is no choice (or a call whose poll is gone): goodbye, nothing recorded. */
export function notAnsweredTwiml(options: SayOptions = {}): string {
  return `${HEAD}<Response>${say(`${NOT_A_CHOICE_TEXT} ${NO_KEY_TEXT}`, options)}<Hangup/></Response>`;
}
