import type { DomainEvent } from '../shared/decider';
import type { ScenarioDraft } from '../message/scenario-draft';

export const MESSAGE_SESSION_EVENT_VERSIONS = {
  MessageSessionScheduled: 1,
  MessageSessionStarted: 1,
  MessageSessionPlanned: 1,
  MessageSessionCompleted: 1,
  MessageSessionCancelled: 1,
} as const;

/** What every session records of who sent what: the message as it was at that moment. */
export interface MessageSessionOrigin {
  readonly sessionId: string;
  /** The kept message it was sent from; null for a message sent without saving and without an id. */
  readonly scenarioId: string | null;
  readonly customerGroupId: string;
  readonly senderUserId: string;
  readonly scenario: ScenarioDraft;
  /** How long a delivery may stay without a final answer before it is timed out (seconds, spec §9). */
  readonly timeoutSeconds: number;
}

/** POST /api/session/: the message is to go out at `scheduledFor` (an instant, ISO-8601). */
export type MessageSessionScheduled = DomainEvent<'MessageSessionScheduled', MessageSessionOrigin & { scheduledFor: string; at: string }>;

/** Sending began (at once, or when a scheduled session fell due): the plan follows. */
export type MessageSessionStarted = DomainEvent<'MessageSessionStarted', MessageSessionOrigin & { at: string }>;

/** Every recipient has been resolved and every delivery queued (in `pages` pages). */
export type MessageSessionPlanned = DomainEvent<
  'MessageSessionPlanned',
  { sessionId: string; pages: number; recipients: number; deliveries: number; at: string }
>;

/** Every delivery has its final answer (or timed out). */
export type MessageSessionCompleted = DomainEvent<'MessageSessionCompleted', { sessionId: string; at: string }>;

/** A scheduled session was called off before it started. */
export type MessageSessionCancelled = DomainEvent<'MessageSessionCancelled', { sessionId: string; at: string }>;

export type MessageSessionEvent =
  | MessageSessionScheduled
  | MessageSessionStarted
  | MessageSessionPlanned
  | MessageSessionCompleted
  | MessageSessionCancelled;
