import type { ConferenceLookup } from '../../conference/conference-calls';
import type { OutgoingMessage, SendOutcome } from '../channel-provider';
import { conferenceCallUrlOf } from './conference-callback';

/** What a conference message's calls need of the voice provider's options. */
export interface ConferenceCallOptions {
  /** The session's conference, if it is one (none: the call speaks its text, as any other). */
  readonly conferences?: ConferenceLookup;
  /** The conference route at our public address (conference-callback.ts `conferenceCallBaseOf`). */
  readonly conferenceCallBaseUrl?: string;
}

/** The create parameters of a conference call: Twilio fetches its TwiML from our route when answered. */
export interface ConferenceCallParams {
  readonly url: string;
  readonly method: 'POST';
  /** Answering-machine detection that waits for the greeting's end, so a voicemail records the whole message. */
  readonly machineDetection?: 'DetectMessageEnd';
}

/**
 * How a voice message is called when its session is a conference: with its address on the conference
 * route instead of inline TwiML (what it says depends on who answers, and on the key pressed), and
 * with answering-machine detection when the message asks for it. Null for any other session. A
 * conference that cannot be read now refuses the send for now (it is retried), and one without a
 * public address to answer at refuses it for good.
 */
export async function conferenceCallOf(message: OutgoingMessage, options: ConferenceCallOptions): Promise<ConferenceCallParams | Extract<SendOutcome, { kind: 'refused' }> | null> {
  if (!options.conferences || message.channel !== 'VOICE') return null;
  let conference;
  try {
    conference = await options.conferences(message.sessionId);
  } catch (error) {
    return { kind: 'refused', permanent: false, reason: `The conference could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!conference) return null;
  if (!options.conferenceCallBaseUrl) return { kind: 'refused', permanent: true, reason: 'No public address is configured for the conference calls to answer at' };
  return {
    url: conferenceCallUrlOf(options.conferenceCallBaseUrl, message.deliveryId),
    method: 'POST',
    ...(conference.amd ? { machineDetection: 'DetectMessageEnd' as const } : {}),
  };
}
