import type { DispatchOutcome } from './dispatch.events';

/** Commands on a session's dispatch ledger for one bus partition (stream `dispatch-<sessionId>-<partition>`). */

/** A worker is handed these deliveries (a batch from one partition) and claims those it may send. */
export interface ClaimDispatches {
  readonly type: 'ClaimDispatches';
  readonly data: { sessionId: string; partition: number; workerId: string; now: string; leaseMs: number; maxClaims: number; deliveryIds: readonly string[] };
}

/** What the providers answered (and what asking a provider about deliveries in doubt found). */
export interface RecordDispatchOutcomes {
  readonly type: 'RecordDispatchOutcomes';
  readonly data: { workerId: string; at: string; outcomes: readonly DispatchOutcome[] };
}

/** The worker is about to let these claimed messages become the provider's (see DispatchesHandedOver). */
export interface RecordHandovers {
  readonly type: 'RecordHandovers';
  readonly data: { workerId: string; at: string; deliveryIds: readonly string[] };
}

/** Deliveries in doubt that the provider does not have: claimed again, to be sent. */
export interface ReclaimDispatches {
  readonly type: 'ReclaimDispatches';
  readonly data: { workerId: string; now: string; maxClaims: number; deliveryIds: readonly string[] };
}

export type DispatchCommand = ClaimDispatches | RecordDispatchOutcomes | RecordHandovers | ReclaimDispatches;
