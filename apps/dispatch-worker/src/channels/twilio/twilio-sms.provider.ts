import type twilio from 'twilio';
import type { Channel, ChannelProvider, LookupOutcome, OutgoingMessage, SendOutcome } from '../channel-provider';
import { twilioClientOf } from './twilio-api-client';
import { statusCallbackUrlOf } from './twilio-callback-url';
import { LOOKUP_PAGE_SIZE, newestWithin } from './twilio-lookup';
import { TWILIO_DEFAULTS, type TwilioOptions } from './twilio-options';
import { outcomeOfCreateFailure } from './twilio-send-outcome';

/**
 * SMS through Twilio's Messages API. The sender is the message's own (a number or an alphanumeric
 * name), else the configured number, else the messaging service. Status callbacks come to
 * `<callback base>/<delivery id>` (twilio-status-callback.ts reads them).
 */
export class TwilioSmsProvider implements ChannelProvider {
  readonly name = 'twilio';
  readonly channels: readonly Channel[] = ['SMS'];
  /** Delivery is reported by status callbacks when an address for them is configured. */
  readonly reportsDelivery: boolean;
  private readonly client: twilio.Twilio;
  private readonly timeoutMs: number;

  constructor(private readonly options: TwilioOptions) {
    this.client = twilioClientOf(options);
    this.timeoutMs = options.requestTimeoutMs ?? TWILIO_DEFAULTS.requestTimeoutMs;
    this.reportsDelivery = Boolean(options.statusCallbackBaseUrl);
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const sender = this.senderOf(message);
    if (!sender) return { kind: 'refused', permanent: true, reason: 'No SMS sender is configured (a number or a messaging service)' };
    const statusCallback = statusCallbackUrlOf(message, this.options.statusCallbackBaseUrl);
    try {
      const created = await this.client.messages.create({
        to: message.address,
        body: message.text,
        ...sender,
        ...(statusCallback ? { statusCallback } : {}),
      });
      return { kind: 'accepted', providerMessageId: created.sid };
    } catch (error) {
      return outcomeOfCreateFailure(error, this.timeoutMs);
    }
  }

  /** The newest message to this number, from this sender, with this text, created within the lookup window. */
  async lookup(message: OutgoingMessage): Promise<LookupOutcome> {
    const sender = this.senderOf(message);
    const since = Date.now() - (this.options.lookupWindowMs ?? TWILIO_DEFAULTS.lookupWindowMs);
    const messages = await this.client.messages.list({
      to: message.address,
      ...(sender && 'from' in sender ? { from: sender.from } : {}),
      pageSize: LOOKUP_PAGE_SIZE,
      limit: LOOKUP_PAGE_SIZE,
    });
    return newestWithin(
      messages.filter((found) => found.body === message.text && (!sender || !('messagingServiceSid' in sender) || found.messagingServiceSid === sender.messagingServiceSid)),
      since,
    );
  }

  private senderOf(message: OutgoingMessage): { from: string } | { messagingServiceSid: string } | undefined {
    if (message.from) return { from: message.from };
    if (this.options.from) return { from: this.options.from };
    if (this.options.messagingServiceSid) return { messagingServiceSid: this.options.messagingServiceSid };
    return undefined;
  }
}
