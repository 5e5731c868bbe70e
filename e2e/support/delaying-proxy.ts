import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in the test process in front of a local provider (the fake Twilio): each request is
 * held `delayMs` before it is passed on, as a provider across a network would take, and the creates
 * (POSTs) passed on are counted. One per worker tells which worker is sending, and how far it got.
 */
export class DelayingProxy {
  /** POSTs passed on to the target. */
  creates = 0;
  private readonly server: Server;
  private readonly listeners: ((creates: number) => void)[] = [];

  private constructor(
    private readonly target: string,
    private readonly delayMs: number,
  ) {
    this.server = createServer((request, response) => {
      this.forward(request)
        .then(({ status, headers, body }) => {
          response.writeHead(status, headers);
          response.end(body);
        })
        .catch(() => response.destroy());
    });
  }

  static async start(target: string, delayMs: number): Promise<DelayingProxy> {
    const proxy = new DelayingProxy(target, delayMs);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` creates have been passed on. */
  afterCreates(count: number): Promise<void> {
    if (this.creates >= count) return Promise.resolve();
    return new Promise((resolve) => this.listeners.push((creates) => creates >= count && resolve()));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async forward(request: IncomingMessage): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name, value]) => typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
    const answer = await fetch(`${this.target}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
    });
    if (request.method === 'POST') {
      this.creates++;
      for (const listener of this.listeners) listener(this.creates);
    }
    return { status: answer.status, headers: { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }, body: Buffer.from(await answer.arrayBuffer()) };
  }
}
