import { createTransport, type Transporter } from 'nodemailer';
import type { Channel, ChannelProvider, OutgoingMessage, SendHooks, SendOutcome } from '../channel-provider';
import { deliveryMessageId } from './delivery-message-id';
import { heldUntilHandedOver, type Handover } from './held-until-handed-over';
import { acceptedMessageId, smtpFailureOutcome } from './smtp-outcome';

export interface SmtpProviderOptions {
  /**
   * smtp://user:password@host:port (must upgrade with STARTTLS, except to a relay on this machine) or
   * smtps://… (TLS from the start), as SMTP_URL. It may hold a password: never logged or put in a reason.
   */
  readonly url: string;
  /** The From of every message, as SMTP_FROM, e.g. "Beacon <alerts@example.com>". */
  readonly from: string;
  /**
   * The longest one send takes, from queueing it on a connection to the server's answer to the
   * message. Past it: unknown if the whole message had been handed over, else refused (temporary).
   */
  readonly timeoutMs: number;
  /** Keep a few connections open and share them between sends (default true); off: one connection per send. */
  readonly pool?: boolean;
  /** Connections the pool keeps at most (default 5). */
  readonly maxConnections?: number;
}

/** An idle pooled connection lives this long without traffic; each send is bounded by its own signal. */
const IDLE_SOCKET_TIMEOUT_MS = 60_000;

/** A relay on this machine (a local MTA): the only server an smtp:// URL may reach without TLS. */
function isLoopbackHost(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** One plain address: no name, list, group or line break that would make it more than one recipient or a header. */
const ONE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/**
 * Email over SMTP with nodemailer. The answer decides the outcome (smtp-outcome.ts). nodemailer's own
 * retry stays narrow: its pool re-queues a message only when a reused connection closed before a
 * byte of it was read, so a message is never sent twice by the library. Our retry and pacing own
 * the rest. Each send carries an AbortSignal with the timeout, which frees its pooled connection
 * when the server stalls; the end of the message's stream marks when all of it has been handed over, which is
 * what tells "unknown" from "never left".
 */
export class SmtpProvider implements ChannelProvider {
  readonly name = 'smtp';
  readonly channels: readonly Channel[] = ['EMAIL'];
  readonly announcesHandover = true;

  private readonly transporter: Transporter;
  private readonly handovers = new WeakMap<AbortSignal, Handover>();

  constructor(private readonly options: SmtpProviderOptions) {
    const connection = {
      url: options.url,
      requireTLS: !isLoopbackHost(options.url),
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: Math.max(options.timeoutMs, IDLE_SOCKET_TIMEOUT_MS),
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    };
    this.transporter =
      options.pool === false
        ? createTransport(connection, { from: options.from })
        : createTransport({ ...connection, pool: true, maxConnections: options.maxConnections ?? 5 }, { from: options.from });
    this.transporter.use('stream', (mail, done) => {
      const handover = mail.data.signal ? this.handovers.get(mail.data.signal) : undefined;
      // The connection reads the message after DATA's 354 and writes the final dot when its stream ends.
      if (handover) mail.message.processFunc((input) => heldUntilHandedOver(input, handover));
      done();
    });
  }

  async send(message: OutgoingMessage, hooks?: SendHooks): Promise<SendOutcome> {
    const address = message.address.trim();
    if (!ONE_ADDRESS.test(address)) {
      return { kind: 'refused', permanent: true, reason: 'The address is not one email address' };
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const handover: Handover = { complete: false, ...(hooks ? { hooks } : {}) };
    this.handovers.set(signal, handover);
    try {
      const info = await this.transporter.sendMail({
        to: { name: '', address },
        subject: message.subject ?? '',
        text: message.text,
        messageId: deliveryMessageId(message.deliveryId, this.options.from),
        // Kept by servers that replace the Message-ID (Microsoft 365), so a bounce still names the delivery.
        headers: { 'X-Beacon-Delivery-Id': message.deliveryId },
        signal,
      });
      return { kind: 'accepted', providerMessageId: acceptedMessageId(info) };
    } catch (error) {
      return smtpFailureOutcome(error, handover.complete, this.options.timeoutMs);
    }
  }

  /** Closes the pooled connections (QUIT to the server). */
  async close(): Promise<void> {
    this.transporter.close();
  }
}
