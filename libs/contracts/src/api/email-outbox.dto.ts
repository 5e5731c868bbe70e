/**
 * The embedded email channel's local outbox: account emails (password reset links) are recorded
 * here instead of being sent, one tenant-scoped read-store collection the console can show.
 */
export const EMAIL_OUTBOX_COLLECTION = 'email_outbox';

export type AccountEmailKind = 'password_reset';

/** One entry of GET /api/email_outbox/ (admin, newest first). */
export interface OutboxEmailDto {
  id: string;
  kind: AccountEmailKind;
  to: string;
  subject: string;
  text: string;
  /** ISO 8601. */
  created_at: string;
}

export interface EmailOutboxDto {
  results: OutboxEmailDto[];
}
