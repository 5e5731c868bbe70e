import { READ_MODELS } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import type { TestApp } from './embedded-test-app';

/** A delivery of a message as the message deliveries read model keeps it: the fields the API tests read. */
export interface DeliveryDocument extends Document {
  session_id: string;
  recipient_id: string;
  channel: string;
  /** Where it was sent, as its provider's answer tells (null while only a report has been seen). */
  address: string | null;
  status: string;
  /** True once a later attempt replaced this one. */
  superseded: boolean;
  provider_message_id: string | null;
  reason: string | null;
  /** The recipient's answer: their text, or the text of the polling option they picked. */
  reply: string | null;
  /** The digit of the polling option the reply picked (absent for a free answer). */
  reply_digit?: string;
  queued_at: string;
  updated_at: string;
}

/** An organisation's deliveries, read from the read store: how a test sees one delivery's status and reply, which no route lists singly. */
export const deliveriesOf = (app: TestApp, tenantId: string) => app.app.get<ReadStore>(READ_STORE).scope(tenantId).collection<DeliveryDocument>(READ_MODELS.messageDeliveries);
