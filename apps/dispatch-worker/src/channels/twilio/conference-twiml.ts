import {
  CONFERENCE_DECLINED,
  CONFERENCE_JOINING,
  CONFERENCE_NO_CHOICE,
  CONFERENCE_PROMPT,
  conferenceReplyOf,
  isMachineAnswer,
  type ConferenceCall,
} from '@beacon/domain';
import { escapeXml, type SayOptions } from './twiml';

/** How long a person has to press a key after the prompt (seconds). */
export const CONFERENCE_GATHER_TIMEOUT_S = 10;

const XML = '<?xml version="1.0" encoding="UTF-8"?>';

const attributesOf = (options: SayOptions) =>
  [
    options.voice ? ` voice="${escapeXml(options.voice)}"` : '',
    options.language ? ` language="${escapeXml(options.language)}"` : '',
  ].join('');

const say = (text: string, options: SayOptions) => (text.trim() ? `<Say${attributesOf(options)}>${escapeXml(text)}</Say>` : '');

/** One key, posted to the conference route (`actionUrl`, the call's own address there) as Digits. */
const gather = (actionUrl: string, spoken: string) =>
  `<Gather input="dtmf" numDigits="1" timeout="${CONFERENCE_GATHER_TIMEOUT_S}" action="${escapeXml(actionUrl)}" method="POST">${spoken}</Gather>`;

/** Asked twice; with no key pressed the call says so and ends. */
const choice = (actionUrl: string, first: string, options: SayOptions) =>
  `${gather(actionUrl, first + say(CONFERENCE_PROMPT, options))}${gather(actionUrl, say(CONFERENCE_PROMPT, options))}${say(CONFERENCE_NO_CHOICE, options)}<Hangup/>`;

/**
 * What a conference call does once answered (Twilio's AnsweredBy when detection is on): a machine
 * hears the answering-machine message and the call ends; a person (or an answer detection could not
 * tell) hears the live message and is asked to press 1 to join or 2 to decline.
 */
export function conferenceAnswerTwiml(call: ConferenceCall, answeredBy: string | undefined, actionUrl: string, options: SayOptions = {}): string {
  if (call.amd && isMachineAnswer(answeredBy)) return `${XML}<Response>${say(call.amdMessage, options)}<Hangup/></Response>`;
  return `${XML}<Response>${choice(actionUrl, say(call.liveMessage, options), options)}</Response>`;
}

/** The bridge is recorded from its start; Twilio posts each completed recording to `recordingUrl`. */
const recordingAttributes = (recordingUrl: string) =>
  ` record="record-from-start" recordingStatusCallback="${escapeXml(recordingUrl)}" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed"`;

/**
 * What a key pressed does: 1 joins the session's bridge (`<Dial><Conference>`, which starts when the
 * first person joins and goes on while anyone is in it, recorded: domain conference-recording.ts), 2 declines and ends the call, any other key
 * asks again.
 */
export function conferenceChoiceTwiml(call: ConferenceCall, digits: string | undefined, actionUrl: string, recordingUrl: string, options: SayOptions = {}): string {
  switch (conferenceReplyOf(digits)) {
    case '1':
      return `${XML}<Response>${say(CONFERENCE_JOINING, options)}<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="false" beep="true"${recordingAttributes(recordingUrl)}>${escapeXml(call.bridge)}</Conference></Dial></Response>`;
    case '2':
      return `${XML}<Response>${say(CONFERENCE_DECLINED, options)}<Hangup/></Response>`;
    default:
      return `${XML}<Response>${choice(actionUrl, say('That is not one of the choices.', options), options)}</Response>`;
  }
}
