import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** How the endpoint answers a post. */
export interface EndpointAnswer {
  readonly status: number;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One post the endpoint received, whatever it answered. */
export interface ReceivedPost {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The delivery id the post carried in its X-Beacon-Delivery-Id header. */
  readonly deliveryId: string | undefined;
}

/**
 * A webhook receiver on the loopback for the Teams and Slack providers' tests: it keeps every post,
 * answers with `success` unless told to answer the next post otherwise, or never to answer it. Given a
 * key and certificate it speaks https (the message builder takes only https webhook addresses).
 */
export class LocalWebhookEndpoint {
  readonly posts: ReceivedPost[] = [];
  private next: EndpointAnswer | 'hang' | undefined;
  private readonly server;
  private port = 0;

  constructor(
    private readonly success: EndpointAnswer,
    private readonly tls?: { readonly key: string; readonly cert: string },
  ) {
    const handler = (request: IncomingMessage, response: ServerResponse) => this.answer(request, response);
    this.server = tls ? createTlsServer(tls, handler) : createServer(handler);
  }

  /** The endpoint's URL at this path (the hook's secret part, in a real service). */
  url(path = '/hook'): string {
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${this.port}${path}`;
  }

  answerNext(answer: EndpointAnswer | 'hang'): void {
    this.next = answer;
  }

  received(deliveryId: string): number {
    return this.posts.filter((post) => post.deliveryId === deliveryId).length;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const answer = this.next ?? this.success;
    this.next = undefined;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const deliveryId = request.headers['x-beacon-delivery-id'];
      this.posts.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        deliveryId: typeof deliveryId === 'string' ? deliveryId : undefined,
      });
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8', ...answer.headers }).end(answer.body ?? '');
    });
  }
}
