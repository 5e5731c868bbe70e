import { Readable, type Writable } from 'node:stream';
import type { SendHooks } from '../channel-provider';

/** Whether the whole message has passed to the connection (DATA sent through its last byte). */
export interface Handover {
  complete: boolean;
  readonly hooks?: SendHooks;
}

/** How long to wait between looks at a connection whose buffers still hold part of the message. */
const FLUSH_POLL_MS = 1;

/** The streams a readable is piped into (Node keeps them on its readable state). */
function pipedInto(stream: Readable): readonly (Readable | Writable)[] {
  const state = (stream as unknown as { _readableState?: { pipes?: unknown } })._readableState;
  return Array.isArray(state?.pipes) ? (state.pipes as (Readable | Writable)[]) : [];
}

/**
 * Bytes of the message still inside this process, from `start` down the pipes to the connection's
 * socket: what a readable in the chain has not passed on and what a writable has not yet given the
 * kernel (a socket's write that the kernel could not take at once stays counted until it completes).
 * The socket's own readable side holds the server's answers, not the message: it is not counted.
 */
export function bytesStillHeld(start: Readable): number {
  let held = 0;
  const seen = new Set<unknown>();
  const walk = (stream: Readable | Writable): void => {
    if (seen.has(stream)) return;
    seen.add(stream);
    if ('writableLength' in stream && typeof stream.writableLength === 'number') held += stream.writableLength;
    const next = 'readableLength' in stream ? pipedInto(stream as Readable) : [];
    if (stream === start || next.length > 0) held += (stream as Readable).readableLength;
    for (const into of next) walk(into);
  };
  walk(start);
  return held;
}

/**
 * Calls `then` once every byte before the end has left the process (the socket's own buffer is empty),
 * so that what the kernel already holds reaches the server even if the process dies next. Gives up
 * when the stream is destroyed (the send's timeout or the connection's end).
 */
function whenFlushed(stream: Readable, then: () => void): void {
  if (stream.destroyed) return;
  if (bytesStillHeld(stream) === 0) return then();
  setTimeout(() => whenFlushed(stream, then), FLUSH_POLL_MS);
}

/**
 * Passes the message through as the connection reads it (after DATA's 354) and holds its end until the
 * handover is recorded: the connection writes DATA's final dot only when this stream ends, and a
 * server drops a message whose dot never came. Nothing is read before the connection asks, and the
 * handover is announced only once all but the dot has left the process: on a busy machine a slow
 * server fills the socket, and a record made while part of the message still waited in our buffers
 * would claim a handover that a crash then undoes. After the record, only the dot is left to write,
 * into an empty socket: it reaches the kernel in the same turn.
 */
export function heldUntilHandedOver(input: Readable, handover: Handover): Readable {
  let started = false;
  const output = new Readable({
    read() {
      if (!started) {
        started = true;
        input.on('data', (chunk: Buffer) => {
          if (!output.push(chunk)) input.pause();
        });
        input.once('end', () => {
          // The end goes out the moment the record is durable (synchronously, ahead of the worker's
          // queued work), or when the promise settles for hooks that cannot say so sooner.
          const handOver = () => {
            if (handover.complete) return;
            handover.complete = true;
            output.push(null);
          };
          whenFlushed(output, () => {
            const before = handover.hooks ? handover.hooks.beforeHandover(handOver) : Promise.resolve();
            before.then(handOver, (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
          });
        });
      }
      input.resume();
    },
    destroy(error, done) {
      input.destroy();
      done(error);
    },
  });
  input.once('error', (error) => output.destroy(error));
  return output;
}
