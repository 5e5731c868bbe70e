import type { ScenarioCatalogue } from '../message/scenario-rules';
import type { QuotaShortfall } from '../organisation/daily-quotas';
import type { ResendReply } from './follow-up';
import type { MessageSessionOrigin } from './message-session.events';

/** Commands on one message session (stream `message_session-<id>`). */

/** POST /api/scenario/send_without_saving/, /api/scenario/{id}/send_without_saving/: send now. */
export interface StartMessageSession {
  readonly type: 'StartMessageSession';
  /** The draft as sent; the catalogue is what the server knows to check it (as for a save, less the name's uniqueness). */
  readonly data: MessageSessionOrigin & { catalogue: ScenarioCatalogue; at: string };
}

/** POST /api/session/: send at a time to come. */
export interface ScheduleMessageSession {
  readonly type: 'ScheduleMessageSession';
  readonly data: MessageSessionOrigin & { catalogue: ScenarioCatalogue; scheduledFor: string; at: string };
}

/**
 * The due-time poller: a scheduled session whose time has come starts, unless its holiday and weekend
 * checks find its day in `timezone` (the group's preferred time zone): then it moves or is skipped.
 */
export interface StartScheduledMessageSession {
  readonly type: 'StartScheduledMessageSession';
  /** `suspended`: the organisation is suspended when it falls due (the session is skipped, not held for later). */
  readonly data: { at: string; timezone: string; suspended?: boolean };
}

/** The planner has queued every page. */
export interface RecordMessageSessionPlanned {
  readonly type: 'RecordMessageSessionPlanned';
  readonly data: { pages: number; recipients: number; deliveries: number; devices?: number; excluded?: number; at: string };
}

/** PATCH /api/session/{id}/resend/?reply=No+Response: a new attempt to the people with that reply label. */
export interface ResendMessageSession {
  readonly type: 'ResendMessageSession';
  readonly data: { reply: ResendReply; requestedBy: string; at: string };
}

/** The due-time poller: the session's next follow-up (auto-retry, a sequence's next device) starts when due. */
export interface StartDueFollowUp {
  readonly type: 'StartDueFollowUp';
  readonly data: { at: string };
}

/** The planner has queued every delivery of a follow-up. */
export interface RecordFollowUpPlanned {
  readonly type: 'RecordFollowUpPlanned';
  readonly data: { followUp: number; pages: number; deliveries: number; at: string };
}

/** The planner: the session would take a channel past the organisation's daily quota; nothing of it is queued. */
export interface RefuseMessageSession {
  readonly type: 'RefuseMessageSession';
  readonly data: { quota: QuotaShortfall; at: string };
}

export interface CompleteMessageSession {
  readonly type: 'CompleteMessageSession';
  readonly data: { at: string };
}

export interface CancelMessageSession {
  readonly type: 'CancelMessageSession';
  readonly data: { at: string };
}

export type MessageSessionCommand =
  | StartMessageSession
  | ScheduleMessageSession
  | StartScheduledMessageSession
  | RecordMessageSessionPlanned
  | CompleteMessageSession
  | CancelMessageSession
  | ResendMessageSession
  | StartDueFollowUp
  | RecordFollowUpPlanned
  | RefuseMessageSession;
