/** The providers' callbacks (provider-callback.routes.ts): Twilio's status callbacks, incoming SMS and a call's key presses. */
import { z } from 'zod';
import type { PROVIDER_CALLBACK_ROUTES } from '../routes/provider-callback.routes';
import { described, json, named, noContent, type ApiFeature } from './api-schema';

/** The form fields Twilio posts that we read; it posts more (AccountSid, ApiVersion, …), all signed, all kept for the signature. */
const twilioField = (description: string) => described(z.string().optional(), description);

export const TwilioStatusCallbackFormSchema = named(
  'TwilioStatusCallbackForm',
  z
    .object({
      MessageSid: twilioField('The message (SM…), for a message status.'),
      MessageStatus: twilioField('queued, sending, sent, delivered, read, undelivered, failed, canceled, …'),
      CallSid: twilioField('The call (CA…), for a call status.'),
      CallStatus: twilioField('initiated, ringing, in-progress, completed, busy, no-answer, failed, canceled.'),
      ErrorCode: twilioField("Twilio's error code of a failed message or call (30003, 30005, …)."),
      ErrorMessage: twilioField("Twilio's words for it."),
      Timestamp: twilioField("When a call's event happened (RFC 2822)."),
    })
    .catchall(z.string()),
  'A status callback as Twilio posts it (application/x-www-form-urlencoded), signed with X-Twilio-Signature: the base64 HMAC-SHA1 of the full address and the sorted fields, keyed with the account\'s auth token.',
);

export const TwilioIncomingMessageFormSchema = named(
  'TwilioIncomingMessageForm',
  z
    .object({
      MessageSid: twilioField('The incoming message (SM…).'),
      From: twilioField("The person's number."),
      To: twilioField('Our number it was sent to.'),
      MessagingServiceSid: twilioField('Our messaging service, when the number belongs to one.'),
      Body: twilioField('What the person wrote.'),
    })
    .catchall(z.string()),
  'An incoming SMS as Twilio posts it to the number\'s webhook (application/x-www-form-urlencoded), signed with X-Twilio-Signature as a status callback is.',
);

export const TwilioGatherFormSchema = named(
  'TwilioGatherForm',
  z
    .object({
      CallSid: twilioField('The call (CA…).'),
      Digits: twilioField('The key the person pressed.'),
    })
    .catchall(z.string()),
  "What Twilio posts to a call's Gather action when the person presses a key (application/x-www-form-urlencoded), signed with X-Twilio-Signature as a status callback is.",
);

export const TwilioConferenceCallFormSchema = named(
  'TwilioConferenceCallForm',
  z
    .object({
      CallSid: twilioField('The call (CA…).'),
      AnsweredBy: twilioField('With answering-machine detection: human, machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax or unknown.'),
      Digits: twilioField('The key the person pressed (absent when the call has just been answered).'),
    })
    .catchall(z.string()),
  "What Twilio posts when a conference message's call is answered (its Url) and when the person presses a key (its Gather action), application/x-www-form-urlencoded, signed with X-Twilio-Signature as a status callback is.",
);

export const TwilioConferenceRecordingFormSchema = named(
  'TwilioConferenceRecordingForm',
  z
    .object({
      RecordingSid: twilioField('The recording (RE…).'),
      RecordingUrl: twilioField("Where Twilio keeps it (on Twilio's API, with our account's credentials)."),
      RecordingStatus: twilioField('completed, or in-progress and absent (acknowledged, nothing kept).'),
      RecordingDuration: twilioField('Its length in seconds.'),
    })
    .catchall(z.string()),
  "What Twilio posts when a conference bridge's recording is complete (its recordingStatusCallback), application/x-www-form-urlencoded, signed with X-Twilio-Signature.",
);

export const PROVIDER_CALLBACK_API = {
  tag: 'Provider callbacks',
  description:
    "What the messaging providers post back: Twilio's delivery reports and the replies people text to our number. Public, each checked by the provider's signature; off (404) while no Twilio account is configured.",
  routes: {
    twilioStatusCallback: {
      summary: "Twilio's report on a message or call",
      description:
        "The StatusCallback each message and call is sent with: PUBLIC_URL, this path, and the delivery's id. Recorded as the delivery's report (sent, delivered or failed with Twilio's reason), answered once stored; a report repeated or late changes nothing. The organisation is the one that sent the delivery, never what the request says.",
      form: TwilioStatusCallbackFormSchema,
      responses: { 200: json(z.object({ detail: z.string() }), 'Recorded, or a status that is not tracked (acknowledged, nothing recorded).') },
      errors: {
        400: { description: 'Signed, but not a status callback we read, or its address names no delivery.' },
        403: { description: 'The X-Twilio-Signature is missing or does not match the address and the form: nothing recorded.' },
        404: { description: 'No Twilio account is configured, or no message session has this delivery.' },
      },
    },
    twilioIncomingMessage: {
      summary: 'An SMS someone sent to our number',
      description:
        "Point the Twilio number's (or messaging service's) incoming-message webhook here. A text to TWILIO_FROM (or its messaging service) is the reply to the latest SMS sent to that person by the organisation TWILIO_REPLY_TENANT names, and recorded as such; texts to other numbers, from numbers that organisation never texted, or while no organisation is named are acknowledged and not recorded. The answer is an empty TwiML response: no automatic reply.",
      form: TwilioIncomingMessageFormSchema,
      responses: { 200: { description: 'Empty TwiML (`<Response/>`): acknowledged, no automatic reply.', file: 'text/xml' } },
      errors: {
        400: { description: 'Signed, but not an incoming message.' },
        403: { description: 'The X-Twilio-Signature is missing or does not match the address and the form: nothing recorded.' },
        404: { description: 'No Twilio account is configured.' },
      },
    },
    twilioConferenceCall: {
      summary: "A conference message's call: answered, or a key pressed",
      description:
        "The Url and the Gather action of each call of a conference message: PUBLIC_URL, this path, and the delivery's id. Answered (no Digits): a machine (AnsweredBy machine_… or fax, with the message's answering-machine detection on) hears the answering-machine message and the call ends; anyone else hears the bridge's introduction and the message and is asked to press 1 to join or 2 to decline. A key: 1 is recorded as the delivery's reply \"1\" (Successful Connection) and the call joins the session's conference; 2 as reply \"2\" (Conference Rejected) and the call ends; another key asks again. The answer is TwiML for the rest of the call. The organisation and the conference are the session's, never what the request says.",
      form: TwilioConferenceCallFormSchema,
      responses: { 200: { description: 'TwiML: the message and the choice, the conference, or goodbye.', file: 'text/xml' } },
      errors: {
        400: { description: 'Signed, but its address names no delivery.' },
        403: { description: 'The X-Twilio-Signature is missing or does not match the address and the form: nothing recorded.' },
        404: { description: 'No Twilio account is configured, or no conference message session has this delivery.' },
      },
    },
    twilioConferenceRecording: {
      summary: "A conference bridge's recording is complete",
      description:
        "The recordingStatusCallback of each conference message's bridge: PUBLIC_URL, this path, and the session's id. A completed recording is copied from Twilio's API (as MP3, with the account that made it) into the organisation's files and kept on the session, then answered; GET /api/session/conference_recording/{id}/ serves it. A recording already kept changes nothing; another status is acknowledged. A recording that cannot be fetched from Twilio now is answered 503 with nothing kept, for Twilio to report again. The organisation is the session's, never what the request says.",
      form: TwilioConferenceRecordingFormSchema,
      responses: noContent('Kept, already kept, or a status that is not kept.'),
      errors: {
        400: { description: "Signed, but no recording of Twilio's shape, an address that is not on Twilio's API of this account, or a recording over 200 MB." },
        403: { description: 'The X-Twilio-Signature is missing or does not match the address and the form: nothing kept.' },
        404: { description: 'No Twilio account is configured, or the session is not a conference message.' },
      },
    },
    twilioGather: {
      summary: 'The key a called person pressed to answer the poll',
      description:
        "The Gather action of a call whose message has polling options: PUBLIC_URL, this path, and the delivery's id. A key that is one of the options is recorded as the delivery's reply (the option's text and digit) and the caller thanked; another key is asked for again once (the same address with `?again=1`), then the call ends with nothing recorded. The answer is TwiML for the rest of the call. The organisation and the options are the session's, never what the request says.",
      form: TwilioGatherFormSchema,
      responses: { 200: { description: 'TwiML: thanks, the options again, or goodbye.', file: 'text/xml' } },
      errors: {
        400: { description: 'Signed, but no key pressed, or its address names no delivery.' },
        403: { description: 'The X-Twilio-Signature is missing or does not match the address and the form: nothing recorded.' },
        404: { description: 'No Twilio account is configured, or no message session has this delivery.' },
      },
    },
  },
} as const satisfies ApiFeature<keyof typeof PROVIDER_CALLBACK_ROUTES>;
