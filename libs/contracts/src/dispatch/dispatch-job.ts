import type { DeliveryChannel } from '@beacon/domain';

/**
 * One message to one recipient on one device (one attempt), as the planner (query API) publishes it on
 * the bus and the dispatch workers consume it: the contract between the two.
 */
export interface DispatchJob {
  /** Made before the job is queued: (session, recipient, device, attempt). */
  readonly deliveryId: string;
  readonly tenantId: string;
  readonly sessionId: string;
  /** The plan's page it was queued on: the workers' ledger of a session is kept per page and bus partition. */
  readonly page: number;
  readonly lane: DispatchLane;
  readonly recipientId: string;
  readonly channel: DeliveryChannel;
  readonly address: string;
  readonly subject?: string;
  readonly text: string;
  readonly from?: string;
  /** A retry is not sent before this instant (ISO-8601): a throttle's delay, a temporary refusal's pause. */
  readonly notBefore?: string;
}

/**
 * Lanes, each its own topic with its own consumers, so a long queue in one never delays another:
 * - priority: real messages whose whole plan fits in one page (a team's alert), and (later) replies and
 *   polling answers;
 * - bulk: real broadcasts of more than a page;
 * - test: every test message.
 * Jobs are keyed by recipient: one person's jobs stay in order.
 */
export const DISPATCH_LANES = ['priority', 'bulk', 'test'] as const;
export type DispatchLane = (typeof DISPATCH_LANES)[number];
export const dispatchTopic = (lane: DispatchLane) => `dispatch-jobs-${lane}`;
/**
 * Each lane's consumers are a group of their own: Kafka assigns a group's partitions across all its
 * members whatever topic each subscribed to, so one group over both topics would hand a real-lane
 * partition to a test-lane consumer that never reads it.
 */
export const dispatchWorkersGroup = (lane: DispatchLane) => `dispatch-workers-${lane}`;
