import type twilio from 'twilio';
import type { PollingChoice } from '@beacon/domain';
import type { Channel, ChannelProvider, LookupOutcome, OutgoingMessage, SendOutcome } from '../channel-provider';
import { conferenceCallOf, type ConferenceCallOptions } from './conference-call';
import { twilioClientOf } from './twilio-api-client';
import { statusCallbackUrlOf } from './twilio-callback-url';
import { LOOKUP_PAGE_SIZE, newestWithin } from './twilio-lookup';
import { TWILIO_DEFAULTS, type TwilioOptions } from './twilio-options';
import { outcomeOfCreateFailure } from './twilio-send-outcome';
import { gatherActionUrlOf, gatherTwiml } from './gather-twiml';
import { sayTwiml, TWIML_MAX_LENGTH, type SayOptions } from './twiml';

export interface TwilioVoiceOptions extends TwilioOptions, ConferenceCallOptions {
  /** How calls speak the text (voice, language, repeats). */
  readonly say?: SayOptions;
  /** Calls of a message with polling options wait for a key and post it here (gather-twiml.ts). */
  readonly polls?: VoicePolls;
}

/** Where a call's key goes, and the choices of the message a call carries (its session's poll). */
export interface VoicePolls {
  /** The Gather route at our public address, without the delivery id (gatherCallbackBaseOf). */
  readonly actionBaseUrl: string;
  choicesOf(message: OutgoingMessage): Promise<readonly PollingChoice[]>;
}

/** The call progress events Twilio posts to the status callback ("completed" comes whatever is asked). */
export const CALL_STATUS_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Voice calls through Twilio's Calls API, speaking the text with inline TwiML (no webhook serves the
 * call's script; a poll's key goes to the Gather route, which answers the rest of the call). The
 * caller id is the message's `from` when it is a number (Twilio takes no alphanumeric caller id),
 * else the configured number.
 */
export class TwilioVoiceProvider implements ChannelProvider {
  readonly name = 'twilio';
  readonly channels: readonly Channel[] = ['VOICE'];
  /** Delivery is reported by status callbacks when an address for them is configured. */
  readonly reportsDelivery: boolean;
  private readonly client: twilio.Twilio;
  private readonly timeoutMs: number;

  constructor(private readonly options: TwilioVoiceOptions) {
    this.client = twilioClientOf(options);
    this.timeoutMs = options.requestTimeoutMs ?? TWILIO_DEFAULTS.requestTimeoutMs;
    this.reportsDelivery = Boolean(options.statusCallbackBaseUrl);
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const from = this.callerIdOf(message);
    if (!from) return { kind: 'refused', permanent: true, reason: 'No caller number is configured for voice calls' };
    // A conference message's call asks our conference route what to say once answered (conference-call.ts).
    const conference = await conferenceCallOf(message, this.options);
    if (conference && 'kind' in conference) return conference;
    let twiml: string;
    try {
      twiml = await this.twimlOf(message);
    } catch {
      return { kind: 'refused', permanent: false, reason: "The message's polling options could not be read" };
    }
    if (!conference && twiml.length > TWIML_MAX_LENGTH) {
      return { kind: 'refused', permanent: true, reason: `The spoken text is too long for one call (its TwiML is ${twiml.length} of ${TWIML_MAX_LENGTH} characters)` };
    }
    const statusCallback = statusCallbackUrlOf(message, this.options.statusCallbackBaseUrl);
    try {
      const created = await this.client.calls.create({
        to: message.address,
        from,
        ...(conference ?? { twiml }),
        ...(statusCallback ? { statusCallback, statusCallbackMethod: 'POST', statusCallbackEvent: [...CALL_STATUS_EVENTS] } : {}),
      });
      return { kind: 'accepted', providerMessageId: created.sid };
    } catch (error) {
      return outcomeOfCreateFailure(error, this.timeoutMs);
    }
  }

  /** The newest call to this number from our caller id, created within the lookup window. */
  async lookup(message: OutgoingMessage): Promise<LookupOutcome> {
    const from = this.callerIdOf(message);
    const since = Date.now() - (this.options.lookupWindowMs ?? TWILIO_DEFAULTS.lookupWindowMs);
    const calls = await this.client.calls.list({ to: message.address, ...(from ? { from } : {}), pageSize: LOOKUP_PAGE_SIZE, limit: LOOKUP_PAGE_SIZE });
    return newestWithin(calls, since);
  }

  /** Speaks the text; with polling options, inside a Gather of one key whose action is the delivery's own address. */
  private async twimlOf(message: OutgoingMessage): Promise<string> {
    const polls = this.options.polls;
    const choices = polls ? await polls.choicesOf(message) : [];
    if (!polls || choices.length === 0) return sayTwiml(message.text, this.options.say);
    return gatherTwiml(message.text, gatherActionUrlOf(polls.actionBaseUrl, message.deliveryId), this.options.say);
  }

  private callerIdOf(message: OutgoingMessage): string | undefined {
    if (message.from && E164.test(message.from)) return message.from;
    return this.options.from;
  }
}
