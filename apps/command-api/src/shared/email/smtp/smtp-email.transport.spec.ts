import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { skipAtRuntime } from '@beacon/testing';
import type { AccountEmail } from '../email-channel';
import { isLoopbackHost, SmtpEmailTransport, smtpOutcomeOf } from './smtp-email.transport';

/*
 * The SMTP transport against a real SMTP server in this process (smtp-server), the message read back
 * with mailparser: a real SMTP exchange, AUTH included, over the loopback.
 */

const USER = 'mailer';
const PASSWORD = 'pa55-w0rd-never-shown';

interface Received {
  readonly from: string | undefined;
  readonly recipients: string[];
  readonly message: ParsedMail;
}

/** What the server answers RCPT TO for each address (an error with its reply code), and the messages it took. */
const rcptReplies = new Map<string, { code: number; text: string }>();
let dataReply: { code: number; text: string } | null = null;
const received: Received[] = [];
let authenticatedAs: string | null = null;

const replyError = ({ code, text }: { code: number; text: string }): SMTPServerError => Object.assign(new Error(text), { responseCode: code });

const server = new SMTPServer({
  // The loopback in a test: no TLS, so AUTH is allowed in the clear.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username !== USER || auth.password !== PASSWORD) return callback(replyError({ code: 535, text: 'Authentication failed' }));
    authenticatedAs = auth.username ?? null;
    callback(null, { user: auth.username });
  },
  onRcptTo(address, _session, callback) {
    const reply = rcptReplies.get(address.address);
    callback(reply ? replyError(reply) : null);
  },
  onData(stream, session, callback) {
    void simpleParser(stream).then((message) => {
      if (dataReply) return callback(replyError(dataReply));
      const from = session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address;
      received.push({ from, recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), message });
      callback(null);
    });
  },
});

let port = 0;
const transports: SmtpEmailTransport[] = [];

function transportTo(url: string): SmtpEmailTransport {
  const transport = new SmtpEmailTransport({ url, from: 'Beacon <no-reply@beacon.test>' });
  transports.push(transport);
  return transport;
}

const email = (to: string): AccountEmail => ({
  tenantId: 'tenant-1',
  kind: 'welcome',
  to,
  subject: 'Welcome to Beacon',
  text: 'Hello,\n\nSet your password: http://localhost/ui/reset/u1/secret-token\n',
  secrets: ['http://localhost/ui/reset/u1/secret-token'],
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  rcptReplies.clear();
  dataReply = null;
  received.length = 0;
  authenticatedAs = null;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

const url = () => `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`;

describe('SMTP transport (nodemailer) against a real SMTP server', () => {
  it('hands the email over: signed in with the URL\'s account, From, To, subject and text as given', async () => {
    const outcome = await transportTo(url()).deliver(email('ann@example.test'), 'email-1');
    expect(outcome).toEqual({ status: 'sent' });
    expect(authenticatedAs).toBe(USER);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@beacon.test');
    expect(mail!.recipients).toEqual(['ann@example.test']);
    expect(mail!.message.subject).toBe('Welcome to Beacon');
    expect(mail!.message.text).toContain('Set your password: http://localhost/ui/reset/u1/secret-token');
    expect(mail!.message.headers.get('x-beacon-email-id')).toBe('email-1');
  });

  it('answers a 4xx reply as worth another try', async () => {
    rcptReplies.set('busy@example.test', { code: 452, text: '4.2.2 Mailbox full, try again later' });
    const outcome = await transportTo(url()).deliver(email('busy@example.test'), 'email-2');
    expect(outcome).toMatchObject({ status: 'failed', permanent: false, badMailbox: false });
    expect(outcome.status === 'failed' && outcome.reason).toContain('Mailbox full, try again later');
    expect(received).toHaveLength(0);
  });

  it('answers a 5xx refusal of the mailbox as permanent and a bad mailbox', async () => {
    rcptReplies.set('gone@example.test', { code: 550, text: '5.1.1 User unknown' });
    const outcome = await transportTo(url()).deliver(email('gone@example.test'), 'email-3');
    expect(outcome).toMatchObject({ status: 'failed', permanent: true, badMailbox: true });
    expect(outcome.status === 'failed' && outcome.reason).toContain('550 5.1.1 User unknown');
  });

  it('answers a 5xx refusal of the message (not of the mailbox) as permanent, not a bad mailbox', async () => {
    dataReply = { code: 554, text: '5.7.1 Message rejected as spam' };
    const outcome = await transportTo(url()).deliver(email('ann@example.test'), 'email-4');
    expect(outcome).toMatchObject({ status: 'failed', permanent: true, badMailbox: false });
    expect(outcome.status === 'failed' && outcome.reason).toContain('5.7.1 Message rejected as spam');
  });

  it('answers a server that cannot be reached as worth another try', async () => {
    const outcome = await transportTo(`smtp://${USER}:${PASSWORD}@127.0.0.1:${await closedPort()}`).deliver(email('ann@example.test'), 'email-5');
    expect(outcome).toMatchObject({ status: 'failed', permanent: false, badMailbox: false });
    expect(outcome.status === 'failed' && outcome.reason).toContain('could not be reached');
  });

  it('never puts the credentials in a reason, whatever fails', async () => {
    const wrongPassword = await transportTo(`smtp://${USER}:not-${PASSWORD}@127.0.0.1:${port}`).deliver(email('ann@example.test'), 'email-6');
    expect(wrongPassword).toMatchObject({ status: 'failed', permanent: true, badMailbox: false });
    const down = await transportTo(`smtp://${USER}:${PASSWORD}@127.0.0.1:${await closedPort()}`).deliver(email('ann@example.test'), 'email-7');
    for (const outcome of [wrongPassword, down]) expect(JSON.stringify(outcome)).not.toContain(PASSWORD);
  });
});

describe('SMTP outcomes of nodemailer errors', () => {
  it('tells a temporary reply, a permanent one, a bad mailbox and a session out of step apart', () => {
    expect(smtpOutcomeOf({ responseCode: 421, response: '421 4.4.2 Timeout', command: 'DATA' })).toMatchObject({ permanent: false, badMailbox: false });
    expect(smtpOutcomeOf({ responseCode: 551, response: '551 User not local', command: 'RCPT TO', permanent: true })).toMatchObject({ permanent: true, badMailbox: true });
    expect(smtpOutcomeOf({ responseCode: 552, response: '552 5.1.10 Recipient address rejected', command: 'RCPT TO', permanent: true })).toMatchObject({ badMailbox: true });
    expect(smtpOutcomeOf({ responseCode: 552, response: '552 5.2.2 Over quota', command: 'RCPT TO', permanent: true })).toMatchObject({ permanent: true, badMailbox: false });
    expect(smtpOutcomeOf({ responseCode: 503, response: '503 Bad sequence', command: 'DATA', permanent: false })).toMatchObject({ permanent: false });
  });

  it('counts an error without a reply (a timeout, a dropped connection, anything else) as worth another try', () => {
    expect(smtpOutcomeOf({ code: 'ETIMEDOUT', message: 'Greeting never received' })).toMatchObject({ permanent: false, badMailbox: false });
    expect(smtpOutcomeOf('odd')).toMatchObject({ status: 'failed', permanent: false });
  });
});

/** An address of this machine's that is not loopback (a network interface), or null when it has none. */
function interfaceAddress(): string | null {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return addresses.find((entry) => entry.family === 'IPv4' && !entry.internal)?.address ?? null;
}

describe('TLS on the way to the SMTP server', () => {
  it('tells a relay on this machine from any other host', () => {
    expect(['smtp://localhost:25', 'smtp://127.0.0.1:2525', 'smtp://u:p@127.8.9.10', 'smtp://[::1]:25'].map(isLoopbackHost)).toEqual([true, true, true, true]);
    expect(['smtp://mail.example.test:587', 'smtp://10.0.0.5', 'smtp://127.0.0.1.evil.test', 'not a url'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });

  it('refuses to sign in to another host that does not offer STARTTLS, so the login and links never travel in clear', async () => {
    const address = interfaceAddress();
    if (address === null) return skipAtRuntime('this machine has no network interface but loopback');
    let signedIn = false;
    const plain = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (_auth, _session, done) => {
        signedIn = true;
        done(null, { user: USER });
      },
      onData: (stream, _session, done) => stream.resume().on('end', () => done()),
    });
    await new Promise<void>((resolve) => plain.listen(0, address, resolve));
    try {
      const outcome = await transportTo(`smtp://${USER}:${PASSWORD}@${address}:${(plain.server.address() as AddressInfo).port}`).deliver(email('ann@example.test'), 'email-tls');
      expect(outcome).toMatchObject({ status: 'failed' });
      expect(signedIn).toBe(false);
      expect(JSON.stringify(outcome)).not.toContain(PASSWORD);
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
