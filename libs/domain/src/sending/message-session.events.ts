import type { DomainEvent } from '../shared/decider';
import type { ScenarioDraft } from '../message/scenario-draft';
import type { FollowUpKind, ResendReply } from './follow-up';
import type { QuotaShortfall } from '../organisation/daily-quotas';
import type { SendDayReason } from './scheduled-send-day';

export const MESSAGE_SESSION_EVENT_VERSIONS = {
  MessageSessionScheduled: 1,
  MessageSessionStarted: 1,
  MessageSessionPlanned: 1,
  MessageSessionCompleted: 1,
  MessageSessionCancelled: 1,
  MessageSessionFollowUpStarted: 1,
  MessageSessionFollowUpPlanned: 1,
  MessageSessionRescheduled: 1,
  MessageSessionSkipped: 1,
  MessageSessionQuickReportDue: 1,
  MessageSessionRefused: 1,
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

/** When the session's next follow-up falls due (the auto-retry, a sequence's next device), if it has one. */
export interface FollowUpDue {
  readonly followUpDue?: string;
}

/**
 * Every recipient has been resolved and every delivery queued (in `pages` pages). `devices`: the
 * devices the plan sends on (a sequence goes through them one by one; absent in sessions planned
 * before sequences were sent as such).
 */
export type MessageSessionPlanned = DomainEvent<
  'MessageSessionPlanned',
  {
    sessionId: string;
    pages: number;
    recipients: number;
    deliveries: number;
    devices?: number;
    /** The people the criteria chose whom an exclusion left out (absent in sessions planned before it was counted). */
    excluded?: number;
    at: string;
  } & FollowUpDue
>;

/**
 * A follow-up began (follow-up.ts): numbered from 1 in the session, its deliveries are queued by the
 * planner page by page after this. A completed session is sending again until they are answered.
 */
export type MessageSessionFollowUpStarted = DomainEvent<
  'MessageSessionFollowUpStarted',
  {
    sessionId: string;
    followUp: number;
    kind: FollowUpKind;
    /** A sequence's step (1: the second device). */
    step: number | null;
    /** The reply label a resend named. */
    reply: ResendReply | null;
    /** Who asked for a resend (null: a timer). */
    requestedBy: string | null;
    at: string;
  }
>;

/** Every delivery of a follow-up is queued (`deliveries` of them, maybe none: nobody was left to send to). */
export type MessageSessionFollowUpPlanned = DomainEvent<
  'MessageSessionFollowUpPlanned',
  { sessionId: string; followUp: number; pages: number; deliveries: number; at: string } & FollowUpDue
>;

/** Every delivery has its final answer (or timed out). */
export type MessageSessionCompleted = DomainEvent<'MessageSessionCompleted', { sessionId: string; at: string }>;

/** What the holiday and weekend checks found of a scheduled session's day (scheduled-send-day.ts). */
export interface SendDayFinding {
  readonly reasons: readonly SendDayReason[];
  /** The day it fell on in the group's time zone, YYYY-MM-DD. */
  readonly localDate: string;
  readonly holidays: readonly string[];
  /** In words: "Saturday 09/03/2030 is a weekend day." */
  readonly reason: string;
}

/** A scheduled session fell due on a day its checks find, with rescheduling on: it now starts at `scheduledFor` (the same time on the next day no check finds). */
export type MessageSessionRescheduled = DomainEvent<'MessageSessionRescheduled', { sessionId: string; from: string; scheduledFor: string; at: string } & SendDayFinding>;

/** A scheduled session fell due on a day its checks find, with rescheduling off: it is not sent. */
export type MessageSessionSkipped = DomainEvent<'MessageSessionSkipped', { sessionId: string; scheduledFor: string; at: string } & SendDayFinding>;

/** The session completed with nothing more to come: its quick report is to be sent (quick-report.ts), once. */
export type MessageSessionQuickReportDue = DomainEvent<'MessageSessionQuickReportDue', { sessionId: string; at: string }>;

/**
 * A started session was refused before anything of it was queued: it would take a channel past the
 * organisation's daily quota (`quota`, with the numbers `reason` tells).
 */
export type MessageSessionRefused = DomainEvent<'MessageSessionRefused', { sessionId: string; reason: string; quota: QuotaShortfall; at: string }>;

/** A scheduled session was called off before it started. */
export type MessageSessionCancelled = DomainEvent<'MessageSessionCancelled', { sessionId: string; at: string }>;

export type MessageSessionEvent =
  | MessageSessionRefused
  | MessageSessionScheduled
  | MessageSessionStarted
  | MessageSessionPlanned
  | MessageSessionCompleted
  | MessageSessionCancelled
  | MessageSessionRescheduled
  | MessageSessionSkipped
  | MessageSessionQuickReportDue
  | MessageSessionFollowUpStarted
  | MessageSessionFollowUpPlanned;
