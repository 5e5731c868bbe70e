import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTwilioCallbackOfAccounts } from '../../failover/twilio-accounts-callback';
import type { TwilioCallback } from '../twilio-status-callback';

/**
 * A local HTTP endpoint that takes Twilio's callbacks as the sending side's route will: it reads each
 * with parseTwilioCallback (of either account, when a failover account's token is given) and answers 200 with the result as JSON (403 when the signature is refused,
 * 400 when the request is not one we read), so the poster sees what became of each.
 */
export class CallbackEndpoint {
  readonly received: TwilioCallback[] = [];

  private readonly server: Server;

  private constructor(authToken: string, failoverAuthToken?: string) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { callback } = parseTwilioCallbackOfAccounts(
          { url: `${this.baseUrl}${request.url ?? '/'}`, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') },
          { first: authToken, ...(failoverAuthToken === undefined ? {} : { failover: failoverAuthToken }) },
        );
        this.received.push(callback);
        const status = callback.kind === 'forbidden' ? 403 : callback.kind === 'invalid' ? 400 : 200;
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(callback));
      });
    });
  }

  /** With a failover account's token too, it takes that account's callbacks as the worker's route does. */
  static async start(authToken: string, failoverAuthToken?: string): Promise<CallbackEndpoint> {
    const endpoint = new CallbackEndpoint(authToken, failoverAuthToken);
    await new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve));
    return endpoint;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
