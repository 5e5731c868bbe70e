import type { AccountEmail } from './email-channel';

/**
 * What became of one attempt to hand an email over. `permanent`: trying again cannot help (a 5xx
 * reply); otherwise it may (a 4xx reply, a server that could not be reached). `badMailbox`: the
 * server said, for good, that the recipient's mailbox does not exist or cannot be written to.
 */
export type EmailTransportOutcome =
  | { readonly status: 'sent' }
  | { readonly status: 'failed'; readonly permanent: boolean; readonly badMailbox: boolean; readonly reason: string };

/**
 * How account emails leave the process: the mail folder under DATA_DIR (embedded) or an SMTP server
 * (SMTP_URL). The composition (command-shared.module.ts) chooses one by configuration. A transport
 * never throws for a refused or undelivered email: it answers the outcome, with the reason in words
 * that hold no credentials.
 */
export interface EmailTransport {
  deliver(email: AccountEmail, id: string, now: Date): Promise<EmailTransportOutcome>;
  close(): Promise<void>;
}

export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');
