import type { Decider, DomainEvent } from '../shared/decider';
import type { ScenarioDraft } from '../message/scenario-draft';

/**
 * A conference message (spec part 2 §3, scenario_type conference): each recipient's voice devices are
 * called and a person is asked to join one bridge of the session's own. What the calls say is decided
 * once, when the session is planned, from the message and its group's settings as they stood then, and
 * kept on the session's conference stream (`message_session_conference-<sessionId>`, written once,
 * before any call is queued), where the dispatch workers read it when they call and when the call
 * answers. Its other devices (SMS, email, Teams, Slack) get the message as a broadcast would.
 */

/** The key a person presses to join the conference, and to decline it. */
export const CONFERENCE_JOIN_DIGIT = '1';
export const CONFERENCE_DECLINE_DIGIT = '2';

/** What a person hears after the message: the choice. */
export const CONFERENCE_PROMPT = 'Press 1 to join the conference, or 2 to decline.';
export const CONFERENCE_JOINING = 'Connecting you to the conference now. The conference is recorded.';
export const CONFERENCE_DECLINED = 'You have declined the conference. Goodbye.';
export const CONFERENCE_NO_CHOICE = 'No choice was made. Goodbye.';

/** The spec's delivery states of a conference call (§3 "Delivery states counted"). */
export type ConferenceDeliveryState = 'Successful Connection' | 'Conference Rejected' | 'Successful Delivery' | 'Delivery Failure';

/** What the calls of a conference say, and how they are made. */
export interface ConferenceScript {
  /** Answering-machine detection on the calls (the message's `amd_conference`). */
  readonly amd: boolean;
  /** What a person hears before the choice: the bridge's introduction, then the message. */
  readonly liveMessage: string;
  /** What a machine hears before the call ends (with detection on). */
  readonly amdMessage: string;
  /** The message's `use_conference_recall`: those not connected are called once more. */
  readonly recall: boolean;
}

/** A session's conference: its script and its bridge's name (unguessable, the session's own). */
export interface ConferenceCall extends ConferenceScript {
  readonly sessionId: string;
  readonly bridge: string;
}

/** The group settings a conference reads (spec §3 customer-group and conference settings). */
export interface ConferenceGroupSettings {
  readonly conference?: { readonly default_message_amd?: unknown; readonly default_message_live?: unknown } | null;
  readonly default_amd_message?: { readonly message_type?: unknown; readonly message?: unknown } | null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const firstSet = (...texts: string[]) => texts.find((text) => text !== '') ?? '';

/** The message's spoken text: its voice text, else (one text for every channel) its SMS text. */
const spokenOf = (draft: ScenarioDraft) => firstSet(textOf(draft.message.voice), draft.global_message ? textOf(draft.message.sms) : '');

/**
 * The script of a conference message:
 * - a person hears the bridge's introduction (the message's `conference_bridge_intro`, else the
 *   group's `conference.default_message_live`), then the message's spoken text, then the choice;
 * - a machine hears the message's own answering-machine text (`message_text`), else the group's
 *   `conference.default_message_amd`, else its `default_amd_message` (a text-to-speech one; a recording
 *   cannot be played yet), else the message's spoken text, so a voicemail still carries the message.
 */
export function conferenceScriptOf(draft: ScenarioDraft, settings: ConferenceGroupSettings): ConferenceScript {
  const spoken = spokenOf(draft);
  const intro = firstSet(textOf(draft.conference_bridge_intro), textOf(settings.conference?.default_message_live));
  const groupAmd = settings.default_amd_message?.message_type === 'recording_amd' ? '' : textOf(settings.default_amd_message?.message);
  return {
    amd: draft.amd_conference,
    liveMessage: [intro, spoken].filter((text) => text !== '').join('\n'),
    amdMessage: firstSet(textOf(draft.message_text), textOf(settings.conference?.default_message_amd), groupAmd, spoken),
    recall: draft.use_conference_recall,
  };
}

/** A bridge's name from 16 random bytes (hex): nobody can guess another session's conference. */
export const conferenceBridgeName = (randomHex: string) => `beacon-conference-${randomHex}`;

/** What a call's answer tells (Twilio's AnsweredBy): a machine (or fax) hears the answering-machine message; anyone else is offered the conference. */
export const isMachineAnswer = (answeredBy: string | undefined) => !!answeredBy && (answeredBy.startsWith('machine') || answeredBy === 'fax');

/** The reply a key pressed in a conference call records: 1 joined, 2 declined; any other key records nothing. */
export const conferenceReplyOf = (digits: string | undefined): typeof CONFERENCE_JOIN_DIGIT | typeof CONFERENCE_DECLINE_DIGIT | null =>
  digits === CONFERENCE_JOIN_DIGIT || digits === CONFERENCE_DECLINE_DIGIT ? digits : null;

/**
 * A conference delivery's state in the spec's words, from its status and reply: a call whose person
 * pressed 1 is a Successful Connection, 2 a Conference Rejected; delivered (a machine heard its
 * message, a person hung up without choosing, another channel delivered) or another reply is a
 * Successful Delivery; failed or timed out a Delivery Failure; anything else is on its way (null).
 */
export function conferenceDeliveryStateOf(delivery: { readonly channel: string; readonly status: string; readonly reply?: string | null }): ConferenceDeliveryState | null {
  if (delivery.status === 'replied' && delivery.channel === 'VOICE') {
    if (delivery.reply === CONFERENCE_JOIN_DIGIT) return 'Successful Connection';
    if (delivery.reply === CONFERENCE_DECLINE_DIGIT) return 'Conference Rejected';
  }
  if (delivery.status === 'replied' || delivery.status === 'delivered') return 'Successful Delivery';
  if (delivery.status === 'failed' || delivery.status === 'timed_out') return 'Delivery Failure';
  return null;
}

export const MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS = { MessageSessionConferencePrepared: 1 } as const;

/** The conference's script and bridge were decided (before any of its calls was queued). */
export type MessageSessionConferencePrepared = DomainEvent<'MessageSessionConferencePrepared', ConferenceCall & { at: string }>;

export interface PrepareMessageSessionConference {
  readonly type: 'PrepareMessageSessionConference';
  readonly data: MessageSessionConferencePrepared['data'];
}

export type MessageSessionConferenceState = { readonly prepared: false } | { readonly prepared: true; readonly conference: MessageSessionConferencePrepared['data'] };

/** Written once: a second planner (or one that resumes) finds it prepared and uses that one, so every call joins the same bridge. */
export const messageSessionConferenceDecider: Decider<PrepareMessageSessionConference, MessageSessionConferencePrepared, MessageSessionConferenceState> = {
  decide: (command, state) => (state.prepared ? [] : [{ type: 'MessageSessionConferencePrepared', data: command.data }]),
  evolve: (_state, event) => ({ prepared: true, conference: event.data }),
  initialState: () => ({ prepared: false }),
};

export const messageSessionConferenceStream = (sessionId: string) => `message_session_conference-${sessionId}`;
