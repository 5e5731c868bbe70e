import type { Channel } from '../channels/channel-provider';

/** One message to one recipient on one device (one attempt), as the planner publishes it on the bus. */
export interface DispatchJob {
  /** Made before the job is queued: (session, recipient, device, attempt). */
  readonly deliveryId: string;
  readonly tenantId: string;
  readonly sessionId: string;
  readonly lane: DispatchLane;
  readonly recipientId: string;
  readonly channel: Channel;
  readonly address: string;
  readonly subject?: string;
  readonly text: string;
  readonly from?: string;
  /** A retry is not sent before this instant (ISO-8601): a throttle's delay, a temporary refusal's pause. */
  readonly notBefore?: string;
}

/**
 * Lanes: real messages and test messages travel on their own topics, each with its own consumers,
 * so a long queue of one never delays the other. Jobs are keyed by recipient: one person's jobs stay
 * in order.
 */
export const DISPATCH_LANES = ['real', 'test'] as const;
export type DispatchLane = (typeof DISPATCH_LANES)[number];
export const dispatchTopic = (lane: DispatchLane) => `dispatch-jobs-${lane}`;
export const DISPATCH_WORKERS_GROUP = 'dispatch-workers';
