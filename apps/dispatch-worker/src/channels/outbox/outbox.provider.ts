import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import type { Channel, ChannelProvider, OutgoingMessage, SendOutcome } from '../channel-provider';

/** The embedded default: records what would have been sent, so the flow works without provider accounts. */
@Injectable()
export class OutboxProvider implements ChannelProvider {
  readonly name = 'outbox';
  readonly channels: readonly Channel[] = ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'];

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    await this.readStore.scope(message.tenantId).collection(DISPATCH_OUTBOX_COLLECTION).upsert({
      _id: message.deliveryId,
      session_id: message.sessionId,
      channel: message.channel,
      address: message.address,
      content: message.text,
    });
    return { kind: 'accepted', providerMessageId: `outbox-${message.deliveryId}` };
  }
}
