import { createServer, Socket, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import type { OutgoingMessage } from '../channel-provider';
import { channelProviderContract } from '../testing/channel-provider.contract';
import { PROVIDER_TEST_TIMEOUT_MS } from '../testing/provider-test-timeout';
import { SmtpProvider, type SmtpProviderOptions } from './smtp.provider';
import { SMTP_THROTTLE_DEFAULT_MS } from './smtp-outcome';

/*
 * The SMTP provider against a real SMTP server in this process (smtp-server), each message read back
 * with mailparser: a real SMTP exchange over the loopback.
 */

const TIMEOUT_MS = PROVIDER_TEST_TIMEOUT_MS;
const FROM = 'Beacon Alerts <alerts@beacon.test>';

/** What the server answers the next message with: an SMTP reply (code and words), or nothing at all. */
type Answer = { readonly code: number; readonly text: string } | 'hang';

const ACCEPT_WITH_QUEUE_ID = (n: number): Answer => ({ code: 250, text: `2.0.0 Ok: queued as Q${n}X` });

/** The local SMTP server: it keeps every message it read, and answers as told, once. */
class LocalSmtpServer {
  readonly messages: ParsedMail[] = [];
  /** Answers to RCPT TO per address (default: accepted), 'hang' never answers. */
  readonly rcptAnswers = new Map<string, Answer>();
  private nextAnswer: Answer | undefined;
  private accepted = 0;
  private readonly server = new SMTPServer({
    // The loopback in a test: no TLS and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onRcptTo: (address, _session, callback) => {
      const answer = this.rcptAnswers.get(address.address);
      if (answer === 'hang') return;
      callback(answer ? replyError(answer) : null);
    },
    onData: (stream, _session, callback) => {
      const answer = this.nextAnswer ?? ACCEPT_WITH_QUEUE_ID(++this.accepted);
      this.nextAnswer = undefined;
      void simpleParser(stream).then((message) => {
        this.messages.push(message);
        if (answer === 'hang') return;
        if (answer.code >= 400) return callback(replyError(answer));
        callback(null, answer.text);
      }, () => undefined); // the client went away before the final dot: no message
    },
  });
  port = 0;

  answerNext(answer: Answer): void {
    this.nextAnswer = answer;
  }

  received(deliveryId: string): ParsedMail[] {
    return this.messages.filter((message) => message.headers.get('x-beacon-delivery-id') === deliveryId);
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const replyError = (answer: Exclude<Answer, 'hang'>): SMTPServerError => Object.assign(new Error(answer.text), { responseCode: answer.code });

const email = (deliveryId: string, address = 'ann@example.test'): OutgoingMessage => ({
  deliveryId,
  tenantId: 'tenant-1',
  sessionId: 'session-1',
  channel: 'EMAIL',
  address,
  subject: 'Flood warning: River Lane',
  text: 'The river is rising.\n\nLeave the ground floor by 18:00.\n',
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

channelProviderContract('smtp', async () => {
  const server = new LocalSmtpServer();
  await server.start();
  const provider = new SmtpProvider({ url: `smtp://127.0.0.1:${server.port}`, from: FROM, timeoutMs: TIMEOUT_MS });
  return {
    provider,
    message: (deliveryId) => email(deliveryId),
    refuseNext: (permanent) => server.answerNext(permanent ? { code: 550, text: '5.7.1 Message refused by policy' } : { code: 451, text: '4.3.0 Local error in processing' }),
    throttleNext: () => server.answerNext({ code: 421, text: '4.7.0 Too many messages from you, closing connection' }),
    hangNext: () => server.answerNext('hang'),
    received: async (deliveryId) => server.messages.filter((message) => message.messageId?.includes(`delivery.${deliveryId}@`)).length,
    timeoutMs: TIMEOUT_MS,
    close: async () => {
      await provider.close();
      await server.close();
    },
  };
});

describe('SMTP provider: what arrives, and what each answer means', () => {
  const server = new LocalSmtpServer();
  const providers: SmtpProvider[] = [];
  const providerWith = (options: Partial<SmtpProviderOptions> = {}): SmtpProvider => {
    const provider = new SmtpProvider({ url: `smtp://127.0.0.1:${server.port}`, from: FROM, timeoutMs: TIMEOUT_MS, ...options });
    providers.push(provider);
    return provider;
  };

  beforeAll(() => server.start());
  afterEach(async () => {
    await Promise.all(providers.splice(0).map((provider) => provider.close()));
    server.rcptAnswers.clear();
  });
  afterAll(() => server.close());

  it('delivers From, To, subject and text intact, with a Message-ID made from the delivery id', async () => {
    const outcome = await providerWith().send(email('session-1/ann@example.test:2'));
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^Q\d+X$/) });
    const [message] = server.received('session-1/ann@example.test:2');
    expect(message!.from?.value).toEqual([{ address: 'alerts@beacon.test', name: 'Beacon Alerts' }]);
    expect(message!.to).toMatchObject({ value: [{ address: 'ann@example.test' }] });
    expect(message!.subject).toBe('Flood warning: River Lane');
    expect(message!.text).toBe('The river is rising.\n\nLeave the ground floor by 18:00.\n');
    expect(message!.messageId).toBe('<delivery.session-1%2Fann%40example%2Etest%3A2@beacon.test>');
  });

  it('names the message by its Message-ID when the server gives no queue id', async () => {
    server.answerNext({ code: 250, text: 'OK' });
    const outcome = await providerWith().send(email('plain-ok'));
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: '<delivery.plain-ok@beacon.test>' });
  });

  it('sends over a connection of its own when the pool is off', async () => {
    const provider = providerWith({ pool: false });
    expect(await provider.send(email('unpooled-1'))).toMatchObject({ kind: 'accepted' });
    server.answerNext('hang');
    expect(await provider.send(email('unpooled-2'))).toMatchObject({ kind: 'unknown' });
    expect(server.received('unpooled-2')).toHaveLength(1);
  });

  it('refuses permanently, with the reply code, a mailbox the server refuses (5xx at RCPT TO)', async () => {
    server.rcptAnswers.set('gone@example.test', { code: 550, text: '5.1.1 User unknown' });
    const outcome = await providerWith().send(email('gone-1', 'gone@example.test'));
    expect(outcome).toEqual({ kind: 'refused', permanent: true, code: '550', reason: expect.stringContaining('5.1.1 User unknown') });
    expect(server.received('gone-1')).toHaveLength(0);
  });

  it('takes a 4xx that asks to slow down as a throttle, honouring the delay it names', async () => {
    server.answerNext({ code: 421, text: '4.7.0 Rate limited, try again in 2 minutes' });
    expect(await providerWith().send(email('slow-1'))).toMatchObject({ kind: 'throttled', retryAfterMs: 120_000 });
    server.answerNext({ code: 451, text: '4.7.1 Please try again later' });
    expect(await providerWith().send(email('slow-2'))).toMatchObject({ kind: 'throttled', retryAfterMs: SMTP_THROTTLE_DEFAULT_MS });
  });

  it('takes any other 4xx as a temporary refusal', async () => {
    server.rcptAnswers.set('full@example.test', { code: 452, text: '4.2.2 Mailbox full' });
    expect(await providerWith().send(email('full-1', 'full@example.test'))).toMatchObject({ kind: 'refused', permanent: false, code: '452' });
  });

  it('refuses temporarily, not "unknown", a server that stalls before the message was handed over', async () => {
    server.rcptAnswers.set('stall@example.test', 'hang');
    const started = Date.now();
    const outcome = await providerWith().send(email('stall-1', 'stall@example.test'));
    expect(outcome).toEqual(expect.objectContaining({ kind: 'refused', permanent: false, reason: expect.stringContaining('never left') }));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(server.received('stall-1')).toHaveLength(0);
  });

  it('refuses temporarily a server that cannot be reached, without the URL\'s password in the reason', async () => {
    const provider = providerWith({ url: `smtp://mailer:pa55-w0rd@127.0.0.1:${await closedPort()}` });
    const outcome = await provider.send(email('down-1'));
    expect(outcome).toMatchObject({ kind: 'refused', permanent: false });
    expect(JSON.stringify(outcome)).not.toContain('pa55-w0rd');
  });

  it('refuses permanently, before any exchange, an address that is not one email address', async () => {
    const provider = providerWith();
    for (const address of ['ann@example.test, bob@example.test', 'Ann <ann@example.test>', 'ann@example.test\r\nBcc: eve@example.test', 'not an address']) {
      expect(await provider.send(email('bad-address', address))).toMatchObject({ kind: 'refused', permanent: true });
    }
    expect(server.received('bad-address')).toHaveLength(0);
  });

  it('holds DATA\'s final dot until the worker has recorded the handover: before it the server has no message', async () => {
    let release!: () => void;
    let announced!: () => void;
    const handoverAsked = new Promise<void>((resolve) => (announced = resolve));
    const sending = providerWith().send(email('held'), {
      beforeHandover: () => {
        announced();
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await handoverAsked;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.received('held')).toHaveLength(0);
    release();
    expect(await sending).toMatchObject({ kind: 'accepted' });
    expect(server.received('held')).toHaveLength(1);
  });

  it('lets the message go the moment the worker says the handover is durable, without waiting for the promise to settle', async () => {
    let recorded!: () => void;
    const sending = providerWith().send(email('released'), {
      beforeHandover: (onRecorded) => {
        recorded = onRecorded!;
        // The ledger's own promise settles much later (here: never): the dot must not wait for it.
        return new Promise<void>(() => undefined);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.received('released')).toHaveLength(0);
    recorded();
    expect(await sending).toMatchObject({ kind: 'accepted' });
    expect(server.received('released')).toHaveLength(1);
  });

  it('writes the final dot to the socket within the ticks that follow the record, before the event loop turns', async () => {
    // The record is on disk when onRecorded is called; the store then syncs it off the event loop. The dot
    // must not wait for a later turn (a timer, more I/O): a kill in between keeps the record and loses the message.
    const written: string[] = [];
    const write = Socket.prototype.write;
    const spy = jest.spyOn(Socket.prototype, 'write').mockImplementation(function (this: Socket, ...args: Parameters<Socket['write']>) {
      written.push(Buffer.isBuffer(args[0]) ? args[0].toString('latin1') : String(args[0]));
      return write.apply(this, args);
    });
    try {
      let recorded!: () => void;
      let asked!: () => void;
      const handoverAsked = new Promise<void>((resolve) => (asked = resolve));
      const sending = providerWith().send(email('same-turn'), {
        beforeHandover: (onRecorded) => {
          recorded = onRecorded!;
          asked();
          return new Promise<void>(() => undefined);
        },
      });
      await handoverAsked;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = written.join('');
      expect(before).not.toMatch(/\r\n\.\r\n$/);
      recorded();
      await new Promise((resolve) => setImmediate(resolve));
      const after = written.join('').slice(before.length);
      expect(after).toMatch(/^(\r\n)?\.\r\n$/); // the dot (with the line end before it when not yet sent)
      expect(before + after).toMatch(/\r\n\.\r\n$/);
      expect(await sending).toMatchObject({ kind: 'accepted' });
    } finally {
      spy.mockRestore();
    }
  });

  it('never hands over a message whose handover could not be recorded (refused for now), and the next one goes out whole', async () => {
    const provider = providerWith();
    const refused = await provider.send(email('unrecorded'), { beforeHandover: () => Promise.reject(new Error('the ledger is unreachable')) });
    expect(refused).toMatchObject({ kind: 'refused', permanent: false });
    expect(await provider.send(email('after-unrecorded'))).toMatchObject({ kind: 'accepted' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received('unrecorded')).toHaveLength(0);
    const [next] = server.received('after-unrecorded');
    expect(next!.text).toBe('The river is rising.\n\nLeave the ground floor by 18:00.\n');
  });
});
