import type { DomainEvent } from '../shared/decider';

export const DISPATCH_EVENT_VERSIONS = {
  DispatchesClaimed: 1,
  DispatchesInDoubt: 1,
  DispatchesHandedOver: 1,
  DispatchesSent: 1,
  DispatchesDeadLettered: 1,
} as const;

/**
 * What one provider call came to, for one delivery (the provider's answer as the channel port
 * gives it, and which provider gave it).
 */
export interface DispatchOutcome {
  readonly deliveryId: string;
  readonly provider: string;
  /** Where it was sent (the read models keep it per delivery: a reply is matched by it). */
  readonly address?: string;
  readonly kind: 'accepted' | 'refused' | 'throttled' | 'unknown';
  readonly providerMessageId?: string;
  /** Accepted by a provider that reports delivery later (else acceptance is as far as it can tell: delivered). */
  readonly awaitingReport?: boolean;
  readonly permanent?: boolean;
  readonly reason?: string;
  readonly code?: string;
  /** For throttled and temporary refusals: the next attempt's delivery id, made before it is queued. */
  readonly retryAs?: string;
  readonly retryAfterMs?: number;
  /** How long the send waited for its turn under the provider's pace (ms), when it did. */
  readonly pacedMs?: number;
  /** An unknown outcome settled by asking the provider (it had the message, or it had not). */
  readonly reconciled?: boolean;
  /**
   * An unknown outcome that nothing will settle: the provider can neither be asked nor reports (SMTP
   * after a crash mid-handover). Shown as unknown, and the session does not wait for it.
   */
  readonly final?: boolean;
  /**
   * The send went to the channel's failover provider instead of its first one: `from` the first
   * (`provider` above), `to` the one that answered this outcome, `cause` why (the first refused it for
   * now or could not be reached, or its circuit is open after too many failures) and `reason` in words.
   */
  readonly failover?: { readonly from: string; readonly to: string; readonly cause: 'refused' | 'circuit-open'; readonly reason: string };
}

/** A worker took these deliveries of one session and bus partition and is about to call their provider. */
export type DispatchesClaimed = DomainEvent<
  'DispatchesClaimed',
  { sessionId: string; partition: number; workerId: string; claimedAt: string; deliveryIds: string[] }
>;

/**
 * These deliveries were claimed and have no recorded outcome: the worker holding them stopped (its
 * lease ran out) or failed before recording. The provider may have them: they are reconciled with it,
 * never sent again blindly.
 */
export type DispatchesInDoubt = DomainEvent<
  'DispatchesInDoubt',
  {
    sessionId: string;
    partition: number;
    workerId: string;
    at: string;
    deliveryIds: string[];
    /**
     * Those of them whose worker had begun to hand the message over (DispatchesHandedOver). The others,
     * sent through a provider that announces its handover, never reached the provider.
     */
    handedOver?: string[];
  }
>;

/**
 * The worker is letting these messages become the provider's (SMTP: the final dot of DATA goes out
 * once this is recorded). Recorded only by providers that announce it. After a crash it splits the
 * deliveries in doubt: without it the provider never took the message (a partial one is dropped), so
 * sending it is no duplicate; with it the provider most likely has it, so it is not sent again.
 */
export type DispatchesHandedOver = DomainEvent<
  'DispatchesHandedOver',
  { sessionId: string; partition: number; workerId: string; at: string; deliveryIds: string[] }
>;

/** The providers' answers, one per delivery. */
export type DispatchesSent = DomainEvent<'DispatchesSent', { sessionId: string; partition: number; workerId: string; at: string; outcomes: DispatchOutcome[] }>;

/** Claimed too many times without an outcome: set aside for an admin to look at and retry. */
export type DispatchesDeadLettered = DomainEvent<
  'DispatchesDeadLettered',
  { sessionId: string; partition: number; at: string; deliveryIds: string[]; reason: string }
>;

export type DispatchEvent = DispatchesClaimed | DispatchesInDoubt | DispatchesHandedOver | DispatchesSent | DispatchesDeadLettered;
