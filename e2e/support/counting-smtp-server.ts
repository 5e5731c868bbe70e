import { createServer, type AddressInfo, type Socket } from 'node:net';

/** One message the server took in full (its final dot read), by the delivery it names. */
export interface ReceivedEmail {
  /** X-Beacon-Delivery-Id, else the delivery id inside our Message-ID (`<delivery.<id>@domain>`). */
  readonly deliveryId: string | null;
  readonly to: readonly string[];
}

/** A message whose connection ended during DATA, before its final dot: what it named and how much of it came. */
export interface UnfinishedEmail {
  readonly deliveryId: string | null;
  readonly bytes: number;
  /** How the connection ended: `end` (the client's FIN) or the socket's error code (`ECONNRESET`). */
  readonly ending: string;
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

function deliveryIdOf(raw: Buffer): string | null {
  const headers = headersOf(raw.toString('latin1'));
  return headers.get('x-beacon-delivery-id') ?? deliveryIdOfMessageId(headers.get('message-id'));
}

const CRLF = Buffer.from('\r\n');
/** DATA's end: the dot alone on a line (RFC 5321 §4.1.1.4). */
const END_OF_DATA = Buffer.from('\r\n.\r\n');
const EMPTY_DATA = Buffer.from('.\r\n');

/**
 * An SMTP server in the test process that takes every message and keeps, for each, the delivery it
 * names and its envelope's recipients: enough to count what reached the server, cheaply (the header
 * block is read, the message is not parsed).
 *
 * It takes a message the moment its final dot is read, before it answers, as a mail server commits a
 * message at the dot (RFC 5321 §4.1.1.4): a client that dies right after sending the dot has still
 * handed the message over, whatever becomes of the connection next. Every byte a connection delivers
 * is parsed in the turn it arrives, so nothing that came before the connection ended is dropped. (A
 * general-purpose server library may queue input behind its own asynchronous steps and discard it when
 * the connection closes, which would count a handed-over message as never sent.) A message whose
 * connection ended before its dot is not counted, as a real server would not have taken it, and is
 * listed in `unfinished`.
 */
export class CountingSmtpServer {
  readonly received: ReceivedEmail[] = [];
  readonly unfinished: UnfinishedEmail[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((socket) => this.serve(socket));

  static async start(): Promise<CountingSmtpServer> {
    const smtp = new CountingSmtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    return smtp;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    let input: Buffer = Buffer.alloc(0);
    /** The message being read (after DATA's 354), or null between messages. */
    let message: Buffer[] | null = null;
    let recipients: string[] = [];
    let ending: string | null = null;
    const reply = (text: string) => {
      if (socket.writable) socket.write(`${text}\r\n`);
    };

    const command = (line: string): void => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') return reply('250-counting.test\r\n250-8BITMIME\r\n250 SMTPUTF8');
      if (verb === 'HELO') return reply('250 counting.test');
      if (verb === 'MAIL') {
        recipients = [];
        return reply('250 OK');
      }
      if (verb === 'RCPT') {
        const address = /^RCPT TO:\s*<([^>]*)>/i.exec(line)?.[1];
        if (address === undefined) return reply('501 Syntax: RCPT TO:<address>');
        recipients.push(address);
        return reply('250 OK');
      }
      if (verb === 'DATA') {
        if (!recipients.length) return reply('503 RCPT first');
        message = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        recipients = [];
        return reply('250 OK');
      }
      if (verb === 'NOOP') return reply('250 OK');
      if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      }
      reply('502 Command not implemented');
    };

    /** Everything complete in `input`: commands line by line, and a message up to its dot. */
    const take = (): void => {
      for (;;) {
        if (message) {
          // The dot may end the first line (an empty message) or follow the last line's CRLF.
          const atStart = message.length === 0 && input.subarray(0, EMPTY_DATA.length).equals(EMPTY_DATA);
          const end = atStart ? -2 : input.indexOf(END_OF_DATA);
          if (end === -1) return;
          const raw = Buffer.concat([...message, input.subarray(0, Math.max(0, end + 2))]);
          input = input.subarray(end + END_OF_DATA.length);
          this.received.push({ deliveryId: deliveryIdOf(raw), to: recipients });
          message = null;
          recipients = [];
          reply('250 OK: message queued');
          continue;
        }
        const newline = input.indexOf(CRLF);
        if (newline === -1) return;
        const line = input.subarray(0, newline).toString('latin1');
        input = input.subarray(newline + CRLF.length);
        command(line);
      }
    };

    socket.on('data', (chunk: Buffer) => {
      input = input.length ? Buffer.concat([input, chunk]) : chunk;
      take();
      // While a message is read, what cannot end it yet moves to the message (the last bytes stay: the dot may follow).
      if (message && input.length > END_OF_DATA.length) {
        message.push(input.subarray(0, input.length - END_OF_DATA.length));
        input = input.subarray(input.length - END_OF_DATA.length);
      }
    });
    socket.on('end', () => {
      ending ??= 'end';
      socket.end();
    });
    // A client killed mid-session resets its connection: not the test's failure.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      ending ??= error.code ?? error.message;
    });
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (message) {
        const raw = Buffer.concat([...message, input]);
        this.unfinished.push({ deliveryId: deliveryIdOf(raw), bytes: raw.length, ending: ending ?? 'closed' });
      }
    });
    reply('220 counting.test ESMTP');
  }
}
