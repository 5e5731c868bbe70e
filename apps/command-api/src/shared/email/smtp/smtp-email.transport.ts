import { createTransport, type Transporter } from 'nodemailer';
import type { SmtpConfig } from '@beacon/platform';
import type { AccountEmail } from '../email-channel';
import type { EmailTransport, EmailTransportOutcome } from '../email-transport';

/** The parts of a nodemailer error this transport reads (nodemailer's NodemailerError). */
interface SmtpError {
  readonly message?: string;
  readonly code?: string;
  readonly command?: string;
  readonly response?: string;
  readonly responseCode?: number;
  readonly permanent?: boolean;
}

/** A reply that says the mailbox itself is bad: 550/551/553, or an enhanced status 5.1.x (RFC 3463: addressing). */
const BAD_MAILBOX_CODES: ReadonlySet<number> = new Set([550, 551, 553]);
const ADDRESSING_STATUS = /\b5\.1\.\d{1,3}\b/;

/**
 * nodemailer's error as an outcome. A reply code decides: 5xx is permanent (nodemailer's `permanent`,
 * which leaves out 503, a session in the wrong state), 4xx is worth another try. No reply at all (the
 * server could not be reached, the connection dropped, a timeout) is worth another try too. The
 * reason quotes the server's reply or the socket's error, which never hold the URL's credentials.
 */
export function smtpOutcomeOf(error: unknown): EmailTransportOutcome {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  if (typeof smtp.responseCode === 'number') {
    const permanent = smtp.permanent ?? smtp.responseCode >= 500;
    const reply = (smtp.response ?? `${smtp.responseCode}`).trim();
    const atRecipient = smtp.command === 'RCPT TO';
    const badMailbox = permanent && atRecipient && (BAD_MAILBOX_CODES.has(smtp.responseCode) || ADDRESSING_STATUS.test(reply));
    return { status: 'failed', permanent, badMailbox, reason: `The SMTP server answered${smtp.command ? ` ${smtp.command}` : ''}: ${reply}` };
  }
  const what = smtp.code ? `${smtp.code}: ` : '';
  return { status: 'failed', permanent: false, badMailbox: false, reason: `The SMTP server could not be reached or stopped answering (${what}${smtp.message ?? 'unknown error'})` };
}

/** Long enough for a slow server, short enough that a dead one frees the send soon. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** A relay on this machine (a local MTA): the only server an smtp:// URL may reach without TLS. */
export function isLoopbackHost(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Account emails over SMTP (SMTP_URL, SMTP_FROM) with nodemailer's pooled transport: a few kept-open
 * connections shared by every send. smtps:// speaks TLS from the start; smtp:// must upgrade with
 * STARTTLS (a server that does not offer it is refused, so no one between can read the login and the
 * set-password links), except to a relay on this machine. nodemailer's logger stays off, so no command
 * (AUTH included) is logged.
 */
export class SmtpEmailTransport implements EmailTransport {
  private readonly transporter: Transporter;

  constructor(config: SmtpConfig) {
    this.transporter = createTransport(
      {
        url: config.url,
        requireTLS: !isLoopbackHost(config.url),
        pool: true,
        maxConnections: 2,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: GREETING_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
        logger: false,
      },
      { from: config.from },
    );
  }

  async deliver(email: AccountEmail, id: string): Promise<EmailTransportOutcome> {
    try {
      await this.transporter.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        // Lets a bounce or a provider's callback be matched to the outbox entry.
        headers: { 'X-Beacon-Email-Id': id, 'X-Beacon-Email-Kind': email.kind },
      });
      return { status: 'sent' };
    } catch (error) {
      return smtpOutcomeOf(error);
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
