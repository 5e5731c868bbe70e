import { READ_MODELS } from '@beacon/contracts';
import type { Document, IndexSpec } from '@beacon/read-store';

/** One document per dead-lettered delivery, in its organisation's scope. */
export const DEAD_LETTERS = READ_MODELS.deadLetters;
/**
 * Retries whose jobs are not queued yet, of every tenant, in the system scope (one document per retried
 * delivery): the retry queue takes them, and they leave once the queueing is recorded.
 */
export const DEAD_LETTER_RETRY_WORK = 'dead_letter_retry_work';
export const DEAD_LETTERS_PROJECTION = 'dead-letters';

export interface DeadLetterDocument extends Document {
  session_id: string;
  recipient_id: string;
  device_id: string;
  channel: string;
  attempt: number;
  /** Where its ledger is (`dispatch-<session>-<page>-<partition>`): the plan's page holds its address. */
  page: number;
  partition: number;
  reason: string;
  dead_lettered_at: string;
  retried_as: string | null;
  retried_at: string | null;
  retried_by: string | null;
  retry_queued: boolean;
}

export interface DeadLetterRetryWorkDocument extends Document {
  tenant_id: string;
  session_id: string;
  /** The dead delivery retried (the document's id is the new attempt's). */
  delivery_id: string;
  page: number;
  retried_at: string;
}

export const DEAD_LETTER_INDEXES: readonly IndexSpec[] = [
  { keys: { dead_lettered_at: -1 }, name: 'dead_letters_newest' },
  { keys: { session_id: 1, dead_lettered_at: -1 }, name: 'dead_letters_by_session' },
  { keys: { channel: 1, dead_lettered_at: -1 }, name: 'dead_letters_by_channel' },
];

export const DEAD_LETTER_RETRY_WORK_INDEXES: readonly IndexSpec[] = [{ keys: { retried_at: 1 }, name: 'dead_letter_retry_work_oldest' }];
