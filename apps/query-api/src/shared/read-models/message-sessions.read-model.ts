import { READ_MODELS } from '@beacon/contracts';
import type { DeliveryStatus, MessageSessionStatus, ScenarioDraft } from '@beacon/domain';
import type { Document, IndexSpec } from '@beacon/read-store';

/** One document per message session (sent now or scheduled). */
export const MESSAGE_SESSIONS = READ_MODELS.messageSessions;
/** One document per delivery (one message to one person on one device, one attempt). */
export const MESSAGE_DELIVERIES = READ_MODELS.messageDeliveries;
/**
 * Sessions that still need work, of every tenant, in the system scope: the planner takes those planning,
 * the due-time poller those scheduled and due, the completion check those sending. Done ones leave it.
 */
export const MESSAGE_SESSION_WORK = 'message_session_work';
/** The projections that write them: the planner waits for both before it reads a session's state. */
export const MESSAGE_SESSIONS_PROJECTION = 'message-sessions';
/**
 * One document per session started since the deliveries read model kept it: its deliveries that count
 * (not superseded), by progress key (progress-key.ts), kept by the deliveries projection as it writes
 * them, so a session's progress is one read whatever its size.
 */
export const MESSAGE_SESSION_PROGRESS = 'message_session_progress';
export const MESSAGE_DELIVERIES_PROJECTION = 'message-deliveries';

export interface MessageSessionDocument extends Document {
  customer_group: string;
  /** The kept message it was sent from (null: sent without saving). */
  scenario_id: string | null;
  name: string;
  is_real: boolean;
  scenario_type: ScenarioDraft['scenario_type'];
  sender: string;
  status: MessageSessionStatus;
  scheduled_for: string | null;
  started_at: string | null;
  planned_at: string | null;
  completed_at: string | null;
  /** People and deliveries queued so far (final once planned). */
  recipients: number;
  deliveries: number;
  /**
   * Deliveries with a first answer (a provider's, a dead letter, a time-out of one never sent): the
   * dispatch ledger records each delivery's first answer once, so `deliveries - answered` is what is
   * still queued, without counting documents.
   */
  answered: number;
  pages: number;
  timeout_seconds: number;
  /** When the latest follow-up (a resend, the auto-retry, a sequence's step) that sent something was queued: the message timeout counts from it. */
  follow_up_at?: string | null;
  /** When the next timed follow-up falls due (the auto-retry, a sequence's next device). */
  follow_up_due?: string | null;
  /** The time it was first scheduled for, when its holiday or weekend check moved it. */
  rescheduled_from?: string | null;
  /** Why its holiday or weekend check moved or skipped it: "Saturday 09/03/2030 is a weekend day." */
  schedule_note?: string | null;
}

export interface MessageSessionWorkDocument extends Document {
  tenant_id: string;
  /** waiting: complete, with its auto-retry to come. */
  status: 'scheduled' | 'planning' | 'sending' | 'waiting';
  scheduled_for: string | null;
  started_at: string | null;
  /** Follow-ups begun and not yet queued (the planner takes them). */
  pending_follow_ups?: number;
  /** When the next timed follow-up falls due (the due-time poller starts it). */
  follow_up_due?: string | null;
}

export interface MessageDeliveryDocument extends Document {
  session_id: string;
  recipient_id: string;
  device_id: string;
  channel: string;
  /** Where it was sent, as its provider's answer tells (null while only a report has been seen). */
  address: string | null;
  attempt: number;
  status: DeliveryStatus;
  /** True once a later attempt replaced this one (it no longer counts in the progress). */
  superseded: boolean;
  provider: string | null;
  provider_message_id: string | null;
  /** Why it failed, or the provider's words for an unknown outcome. */
  reason: string | null;
  /** What the recipient answered: their text, or the text of the polling choice they picked. */
  reply: string | null;
  /** The digit of the polling choice the reply picked (absent for a free answer). */
  reply_digit?: string;
  /** An unknown outcome nothing will settle (DispatchOutcome.final): not open, the session does not wait for it. */
  final?: boolean;
  /** When its first answer was recorded (documents exist from then: a delivery without one is queued). */
  queued_at: string;
  updated_at: string;
}

export interface MessageSessionProgressDocument extends Document {
  session_id: string;
  /** How many of its delivery documents count under each progress key. */
  counts: Record<string, number>;
}

export const MESSAGE_SESSION_INDEXES: readonly IndexSpec[] = [
  { keys: { status: 1, scheduled_for: 1 }, name: 'message_sessions_by_status' },
  { keys: { scenario_id: 1, started_at: -1 }, name: 'message_sessions_by_scenario' },
  { keys: { customer_group: 1, started_at: -1 }, name: 'message_sessions_by_group' },
];

export const MESSAGE_SESSION_WORK_INDEXES: readonly IndexSpec[] = [{ keys: { status: 1, scheduled_for: 1 }, name: 'message_session_work_by_status' }];

export const MESSAGE_DELIVERY_INDEXES: readonly IndexSpec[] = [
  { keys: { session_id: 1, superseded: 1, status: 1 }, name: 'message_deliveries_by_status' },
  { keys: { session_id: 1, recipient_id: 1 }, name: 'message_deliveries_by_recipient' },
  // The dispatch worker finds the latest text to a number an SMS reply came from.
  { keys: { address: 1, queued_at: -1 }, name: 'message_deliveries_by_address' },
];
