import { describedAs, type AggregateActivity } from '../shared/activity';
import type { DISPATCH_EVENT_VERSIONS } from './dispatch.events';

/** How the activity log tells dispatch events (one entry per batch, with how many deliveries it holds). */
export const dispatchActivity: AggregateActivity<keyof typeof DISPATCH_EVENT_VERSIONS> = {
  DispatchesClaimed: (f) =>
    describedAs('dispatch', 'A worker took message deliveries to send', {
      session_id: f.string('sessionId'),
      worker_id: f.string('workerId'),
      deliveries: f.length('deliveryIds'),
    }),
  DispatchesInDoubt: (f) =>
    describedAs('dispatch', 'Message deliveries are checked with their provider after a worker stopped', {
      session_id: f.string('sessionId'),
      deliveries: f.length('deliveryIds'),
    }),
  DispatchesHandedOver: (f) =>
    describedAs('dispatch', 'A worker handed messages over to their provider', {
      session_id: f.string('sessionId'),
      deliveries: f.length('deliveryIds'),
    }),
  DispatchesSent: (f) =>
    describedAs('dispatch', 'Channel providers answered message deliveries', {
      session_id: f.string('sessionId'),
      deliveries: f.length('outcomes'),
    }),
  DispatchesDeadLettered: (f) =>
    describedAs('dispatch', 'Message deliveries were set aside after repeated attempts', {
      session_id: f.string('sessionId'),
      deliveries: f.length('deliveryIds'),
      reason: f.string('reason'),
    }),
};
