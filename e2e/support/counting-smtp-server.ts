import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the server took in full (its final dot read), by the delivery it names. */
export interface ReceivedEmail {
  /** X-Beacon-Delivery-Id, else the delivery id inside our Message-ID (`<delivery.<id>@domain>`). */
  readonly deliveryId: string | null;
  readonly to: readonly string[];
}

/** The header block of a raw message, folded lines joined. */
function headersOf(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Our Message-ID's left part back to the delivery id (other characters were written as %XX of their UTF-8 bytes). */
function deliveryIdOfMessageId(messageId: string | undefined): string | null {
  const local = /^<delivery\.([^@>]+)@/.exec(messageId ?? '')?.[1];
  return local ? decodeURIComponent(local) : null;
}

/**
 * An SMTP server in the test process that takes every message and keeps, for each, the delivery it
 * names and its envelope's recipients: enough to count what reached the server, cheaply (the header
 * block is read, the message is not parsed). A message whose connection ended before its final dot is
 * not counted: a real server would not have taken it either.
 */
export class CountingSmtpServer {
  readonly received: ReceivedEmail[] = [];
  private readonly server = new SMTPServer({
    // The loopback in a test: no TLS and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => undefined);
      stream.on('end', () => {
        const headers = headersOf(Buffer.concat(chunks).toString('utf8'));
        const deliveryId = headers.get('x-beacon-delivery-id') ?? deliveryIdOfMessageId(headers.get('message-id'));
        this.received.push({ deliveryId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
        callback(null);
      });
    },
  });

  private constructor() {
    // A client killed mid-session resets its connection: not the test's failure.
    this.server.on('error', () => undefined);
  }

  static async start(): Promise<CountingSmtpServer> {
    const smtp = new CountingSmtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    return smtp;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
