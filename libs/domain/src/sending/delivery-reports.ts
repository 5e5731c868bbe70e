import type { DomainEvent } from '../shared/decider';
import type { DeliveryStatus } from './delivery-status';

/**
 * What providers reported about deliveries after the send (status callbacks, replies, the simulator's
 * answers), appended in batches to the session's stream of reports (`delivery_reports-<sessionId>`)
 * whatever their order: reports are facts, and the read models fold them monotonically
 * (delivery-status.ts), so a late or repeated one changes nothing.
 */
export const DELIVERY_REPORT_EVENT_VERSIONS = { DeliveriesReported: 1 } as const;

export interface ReportedDelivery {
  readonly deliveryId: string;
  readonly providerMessageId: string;
  readonly status: Extract<DeliveryStatus, 'sent' | 'delivered' | 'failed' | 'replied' | 'timed_out'>;
  readonly reason?: string;
  /** What the recipient answered: their text, or the text of the polling choice they picked. */
  readonly reply?: string;
  /** The digit of the polling choice the reply picked (a key pressed, a digit texted back, a button on the response page). */
  readonly replyDigit?: string;
  readonly at: string;
  /** Nothing had answered this delivery before (a time-out of one never sent): it is the delivery's first answer. */
  readonly unanswered?: true;
}

export type DeliveriesReported = DomainEvent<'DeliveriesReported', { sessionId: string; reports: ReportedDelivery[] }>;

export const deliveryReportsStream = (sessionId: string) => `delivery_reports-${sessionId}`;
