import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';

/** What the reply lookup reads of the query API's delivery documents (READ_MODELS.messageDeliveries). */
interface DeliveryDocument extends Document {
  readonly session_id: string;
  readonly recipient_id: string;
  readonly device_id: string;
  readonly channel: string;
  /** The address as queued (null on a retry's document: the first attempt's holds it). */
  readonly address: string | null;
  readonly attempt: number;
  readonly superseded: boolean;
  readonly provider_message_id: string | null;
  readonly queued_at: string;
}

/** The delivery a reply answers. */
export interface RepliedDelivery {
  readonly deliveryId: string;
  readonly sessionId: string;
  /** The provider's id of what it answers, when the read models have it yet. */
  readonly providerMessageId: string | null;
  /** When the text went out (its document is written at the provider's first answer). */
  readonly sentAt: string;
}

/**
 * Finds the delivery an SMS reply answers: the latest SMS the organisation queued to that number, and of
 * it the attempt that went out last (a retried delivery's later attempts carry no address of their own).
 * Only in the one organisation the receiving number is configured for: a number shared by every
 * organisation never lets a reply land in another's report.
 */
@Injectable()
export class ReplyDeliveries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async latestTo(tenantId: string, address: string): Promise<RepliedDelivery | undefined> {
    const deliveries = this.readStore.scope(tenantId).collection<DeliveryDocument>(READ_MODELS.messageDeliveries);
    const first = await deliveries.findOne({ channel: 'SMS', address }, { sort: { queued_at: -1 } });
    if (!first) return undefined;
    const latest = first.superseded
      ? ((await deliveries.findOne({ session_id: first.session_id, recipient_id: first.recipient_id, device_id: first.device_id, superseded: false }, { sort: { attempt: -1 } })) ?? first)
      : first;
    return { deliveryId: latest._id, sessionId: latest.session_id, providerMessageId: latest.provider_message_id, sentAt: latest.queued_at };
  }
}
