import type { DeliveryStatus, RecipientState } from '@beacon/domain';
import type { Document, IndexSpec } from '@beacon/read-store';

/**
 * A session's report (spec part 2 §3 "Message session, recipient and report"): one document per person
 * sent to, with each of their devices as it stands, and one per session with the counts the report's
 * statistics and charts read, kept by the session-report projection as it writes the people's.
 */
export const MESSAGE_SESSION_RECIPIENTS = 'message_session_recipients';
export const MESSAGE_SESSION_REPORTS = 'message_session_reports';
export const SESSION_REPORT_PROJECTION = 'session-report';

/** One of a person's devices in a session: its latest attempt. */
export interface SessionRecipientDevice {
  /** The latest attempt's delivery id. */
  delivery_id: string;
  device_id: string;
  channel: string;
  address: string;
  attempt: number;
  status: DeliveryStatus;
  /** An unknown outcome nothing will settle. */
  final?: boolean;
  provider: string | null;
  /** The provider's words for a failure or an unknown outcome. */
  reason: string | null;
  reply: string | null;
  reply_digit?: string;
  /** When this attempt was queued. */
  sent_at: string;
  /** When its provider first answered. */
  answered_at: string | null;
  /** When it was delivered (or answered, which proves delivery). */
  delivered_at: string | null;
  replied_at: string | null;
}

export interface MessageSessionRecipientDocument extends Document {
  session_id: string;
  recipient_id: string;
  /** The plan's page the person was on (the report lists people in the plan's order). */
  page: number;
  /** As they were called when the message was sent (null on pages planned before reports named people). */
  name: string | null;
  /** The name in lower case, which the name filter searches. */
  name_key: string;
  /** The first email address sent to, and the first phone number (text or call). */
  email: string | null;
  phone_number: string | null;
  /** Every address sent to, in device order, joined by ", ". */
  address_string: string;
  conference: boolean;
  devices: SessionRecipientDevice[];
  state: RecipientState;
  /** Their reply, or "No Response", or "Delivery Failure". */
  reply: string;
  /**
   * What the reply counts under in the report: "No Response", "Delivery Failure", "Choice <digit>" for a
   * polling choice, or "Responded" for any other reply (free text is not a count's key).
   */
  reply_key: string;
  /** When they replied (their latest reply). */
  reply_time: string | null;
  updated_at: string;
}

export interface MessageSessionReportDocument extends Document {
  session_id: string;
  /** The people the criteria chose whom an exclusion left out (known once planned). */
  excluded: number;
  /** People by state, by reply, and replies by the minute they came (ISO, to the minute). */
  states: Record<string, number>;
  replies: Record<string, number>;
  reply_minutes: Record<string, number>;
  /** The text of each polling choice replied with, by its digit. */
  choices: Record<string, string>;
  /** The channels its deliveries went out on. */
  channels: string[];
}

/** Few indexes, as each one is written with every line: the list's order, and the two filters a report is read by most. */
export const MESSAGE_SESSION_RECIPIENT_INDEXES: readonly IndexSpec[] = [
  { keys: { session_id: 1, page: 1, recipient_id: 1 }, name: 'session_recipients_in_order' },
  { keys: { session_id: 1, state: 1, page: 1, recipient_id: 1 }, name: 'session_recipients_by_state' },
  { keys: { session_id: 1, reply_key: 1, page: 1, recipient_id: 1 }, name: 'session_recipients_by_reply' },
];
