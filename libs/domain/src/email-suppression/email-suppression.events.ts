import type { DomainEvent } from '../shared/decider';

export const EMAIL_SUPPRESSION_EVENT_VERSIONS = {
  EmailAddressSuppressed: 1,
  EmailSuppressionCleared: 1,
} as const;

/** Why mail to an address stopped: it bounced for good, or its reader marked our mail as spam. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** Who told us: the email provider's callback, or our SMTP server's permanent refusal of the recipient. */
export type SuppressionSource = 'provider_callback' | 'smtp';

/**
 * No more email goes to `email` in this organisation until an admin clears it. `userId` is the user
 * who held the address when it was recorded (null if none did), for the activity log.
 */
export type EmailAddressSuppressed = DomainEvent<
  'EmailAddressSuppressed',
  {
    email: string;
    userId: string | null;
    reason: SuppressionReason;
    /** What the provider or the SMTP server said, as it said it (at most SUPPRESSION_DETAIL_MAX_LENGTH characters). */
    detail: string;
    source: SuppressionSource;
    /** ISO 8601: since when. */
    suppressedAt: string;
  }
>;

/** Email goes to `email` again; `reason` is the suppression's that was cleared. */
export type EmailSuppressionCleared = DomainEvent<
  'EmailSuppressionCleared',
  { email: string; userId: string | null; reason: SuppressionReason }
>;

export type EmailSuppressionEvent = EmailAddressSuppressed | EmailSuppressionCleared;
