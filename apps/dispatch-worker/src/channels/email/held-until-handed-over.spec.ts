import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Duplex, PassThrough, Readable, Transform, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from '@jest/globals';
import { bytesStillHeld, heldUntilHandedOver, type Handover } from './held-until-handed-over';

/*
 * The hold on DATA's final dot, over a real loopback socket to a server that stops reading: the
 * situation of a busy machine, where the end of a message waits in the process for the socket to
 * drain. The handover may be recorded only once nothing but the dot is left in the process.
 */

/** Like nodemailer's DataStream: passes the message on and writes the final dot when it ends. */
const withFinalDot = (): Transform =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk);
    },
    flush(done) {
      done(null, Buffer.from('\r\n.\r\n'));
    },
  });

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback server that reads nothing until told to, and counts what it read. */
class StalledServer {
  private readonly server: Server;
  private peer?: Socket;
  received = 0;
  private tail = '';
  private readonly connected: Promise<void>;

  constructor() {
    let onConnect!: () => void;
    this.connected = new Promise((resolve) => (onConnect = resolve));
    this.server = createServer((socket) => {
      this.peer = socket;
      socket.pause();
      socket.on('data', (chunk: Buffer) => {
        this.received += chunk.length;
        this.tail = (this.tail + chunk.toString('latin1')).slice(-5);
      });
      onConnect();
    });
  }

  get endedWithDot(): boolean {
    return this.tail === '\r\n.\r\n';
  }

  async client(): Promise<Socket> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const socket = connect((this.server.address() as AddressInfo).port, '127.0.0.1');
    await Promise.all([new Promise((resolve) => socket.once('connect', resolve)), this.connected]);
    return socket;
  }

  readAgain(): void {
    this.peer!.resume();
  }

  async close(): Promise<void> {
    this.peer?.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('holding the final dot until the handover is recorded', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('asks for the record only after the socket has given the kernel every byte before the dot, then lets the dot go', async () => {
    const server = new StalledServer();
    const socket = await server.client();
    cleanups.push(() => void socket.destroy(), () => server.close());

    // One chunk bigger than any loopback buffer: most of it stays in the socket while the server stalls.
    const body = Buffer.alloc(32 * 1024 * 1024, 'a');
    let asked = 0;
    let heldWhenAsked = -1;
    let recorded!: () => void;
    const handover: Handover = {
      complete: false,
      hooks: {
        beforeHandover: (onRecorded) => {
          asked += 1;
          heldWhenAsked = socket.writableLength;
          recorded = onRecorded!;
          return new Promise<void>(() => undefined);
        },
      },
    };
    const output = heldUntilHandedOver(Readable.from([body]), handover);
    output.pipe(withFinalDot()).pipe(socket, { end: false });

    await tick(200);
    expect(socket.writableLength).toBeGreaterThan(0);
    expect(asked).toBe(0);

    server.readAgain();
    const deadline = Date.now() + 20_000;
    while (asked === 0 && Date.now() < deadline) await tick(10);
    expect(asked).toBe(1);
    expect(heldWhenAsked).toBe(0);
    expect(server.endedWithDot).toBe(false);

    recorded();
    expect(handover.complete).toBe(true);
    while (!server.endedWithDot && Date.now() < deadline) await tick(10);
    expect(server.received).toBe(body.length + 5);
    expect(server.endedWithDot).toBe(true);
  }, 30_000);

  it('asks at once when the message has already left the process', async () => {
    const server = new StalledServer();
    const socket = await server.client();
    cleanups.push(() => void socket.destroy(), () => server.close());
    server.readAgain();

    let asked = 0;
    const handover: Handover = { complete: false, hooks: { beforeHandover: () => ((asked += 1), Promise.resolve()) } };
    heldUntilHandedOver(Readable.from([Buffer.from('Subject: test\r\n\r\nshort\r\n')]), handover).pipe(withFinalDot()).pipe(socket, { end: false });
    const deadline = Date.now() + 5_000;
    while (!server.endedWithDot && Date.now() < deadline) await tick(5);
    expect(asked).toBe(1);
    expect(server.endedWithDot).toBe(true);
  });

  it('never asks for a record of a message whose send was abandoned while it waited for the socket', async () => {
    let asked = 0;
    const sink = new Writable({ highWaterMark: 4, write: () => undefined }); // takes one write, never finishes it
    const output = heldUntilHandedOver(Readable.from([Buffer.from('the whole message')]), {
      complete: false,
      hooks: { beforeHandover: () => ((asked += 1), Promise.resolve()) },
    });
    output.pipe(withFinalDot()).pipe(sink);
    await tick(30);
    expect(bytesStillHeld(output)).toBeGreaterThan(0);
    output.destroy();
    await tick(30);
    expect(asked).toBe(0);
  });

  it('does not count what the server sent back, waiting on the socket\'s readable side', async () => {
    const start = new PassThrough();
    const socketLike = new Duplex({ read: () => undefined, write: (_chunk, _encoding, done) => done() });
    socketLike.push(Buffer.from('250 2.0.0 Ok\r\n'));
    start.pipe(socketLike);
    start.write(Buffer.from('the message'));
    await tick(10);
    expect(socketLike.readableLength).toBeGreaterThan(0);
    expect(bytesStillHeld(start)).toBe(0);
  });
});
