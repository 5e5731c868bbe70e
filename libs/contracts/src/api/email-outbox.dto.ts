/**
 * The outbox of account emails (password reset and welcome links): each email is recorded here as it
 * is sent, by the embedded mail folder or by SMTP, with what became of it; one tenant-scoped
 * read-store collection the console can show.
 */
export const EMAIL_OUTBOX_COLLECTION = 'email_outbox';

export const ACCOUNT_EMAIL_KINDS = ['password_reset', 'welcome'] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

/**
 * sending: being sent (or waiting to be tried again after the server said "try later"); sent: the mail
 * folder or the SMTP server took it; failed: the server refused it for good, or still said "try later"
 * after the last attempt; suppressed: not sent, the address is on the suppression list.
 */
export const OUTBOX_EMAIL_STATUSES = ['sending', 'sent', 'failed', 'suppressed'] as const;
export type OutboxEmailStatus = (typeof OUTBOX_EMAIL_STATUSES)[number];

/** One entry of GET /api/email_outbox/ (admin, newest first). */
export interface OutboxEmailDto {
  id: string;
  kind: AccountEmailKind;
  to: string;
  subject: string;
  text: string;
  /** ISO 8601. */
  created_at: string;
  /** Entries recorded before statuses were kept are `sent`. */
  status: OutboxEmailStatus;
  /** Why it failed or was not sent; null otherwise. */
  failure: string | null;
}

export interface EmailOutboxDto {
  results: OutboxEmailDto[];
}
