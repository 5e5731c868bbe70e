import type { AccountEmailKind } from '@beacon/contracts';

/** An email to one user about their account (a password reset link). */
export interface AccountEmail {
  /** The tenant (root customer group) of the user it is sent to. */
  readonly tenantId: string;
  readonly kind: AccountEmailKind;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /**
   * Parts of the text that let whoever reads them act as the recipient (a reset or invitation
   * link): only the recipient gets them, and no copy kept for others to see holds them.
   */
  readonly secrets: readonly string[];
}

/** The email channel for account emails. The embedded default is the local outbox. */
export interface EmailChannel {
  send(email: AccountEmail, now: Date): Promise<void>;
}

export const EMAIL_CHANNEL = Symbol('EMAIL_CHANNEL');
