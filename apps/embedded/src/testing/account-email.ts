import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import request from 'supertest';
import type { TestApp } from './embedded-test-app';

/** An SMTP server in the test process: takes every message, except for the addresses given a refusal. */
export interface LocalSmtpServer {
  readonly url: string;
  readonly received: { readonly to: string[]; readonly message: ParsedMail }[];
  /** What RCPT TO answers for an address instead of accepting it. */
  refuse(address: string, responseCode: number, text: string): void;
  close(): Promise<void>;
}

export async function startLocalSmtpServer(user = 'mailer', password = 'local-smtp-password'): Promise<LocalSmtpServer> {
  const refusals = new Map<string, SMTPServerError>();
  const received: LocalSmtpServer['received'][number][] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === user && auth.password === password ? callback(null, { user }) : callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 })),
    onRcptTo: (address, _session, callback) => callback(refusals.get(address.address) ?? null),
    onData: (stream, session, callback) => {
      void simpleParser(stream).then((message) => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), message });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    refuse: (address, responseCode, text) => refusals.set(address, Object.assign(new Error(text), { responseCode })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const CALLBACK_SECRET = 'callback-secret-of-at-least-32-characters';
export const CALLBACK_PATH = '/api/email/provider_callback/';

/** A provider callback signed as the API documents it: HMAC-SHA256 of "<timestamp>.<body>", hex. */
export function signedCallback(app: TestApp, body: string, options: { secret?: string; timestamp?: number } = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', options.secret ?? CALLBACK_SECRET).update(`${timestamp}.${body}`).digest('hex');
  return request(app.url)
    .post(CALLBACK_PATH)
    .set('Content-Type', 'application/json')
    .set('X-Email-Callback-Timestamp', timestamp)
    .set('X-Email-Callback-Signature', signature)
    .send(body);
}
