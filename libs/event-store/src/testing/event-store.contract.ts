import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  DuplicateEventIdError,
  EventData,
  EventStore,
  ExpectedRevision,
  RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../event-store';

/**
 * The behaviour every EventStore adapter must have. Tests use fresh stream names and read `$all` relative to
 * the head position at their start, so they also hold on a shared server that already has events.
 */
export function runEventStoreContract(name: string, factory: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await store.close();
    });

    describe('append and read', () => {
      it('reads back appended events with their stream, revisions, positions and data', async () => {
        const stream = streamName();
        const events = [anEvent('ItemAdded', { sku: 'a' }), anEvent('ItemAdded', { sku: 'b' })];

        const result = await store.appendToStream(stream, events, { expectedRevision: 'no-stream' });
        const read = await store.readStream(stream);

        expect(result.nextExpectedRevision).toBe(1);
        expect(read.map((e) => [e.id, e.type, e.data, e.streamName, e.revision])).toEqual([
          [events[0].id, 'ItemAdded', { sku: 'a' }, stream, 0],
          [events[1].id, 'ItemAdded', { sku: 'b' }, stream, 1],
        ]);
        expect(read[0].position).toBeLessThan(read[1].position);
        expect(read[1].position).toBe(result.position);
      });

      it('reads a stream from a revision and up to a count', async () => {
        const stream = streamName();
        const events = [anEvent(), anEvent(), anEvent(), anEvent()];
        await store.appendToStream(stream, events);

        const read = await store.readStream(stream, { fromRevision: 1, maxCount: 2 });

        expect(read.map((e) => e.id)).toEqual([events[1].id, events[2].id]);
        expect(await store.readStream(stream, { fromRevision: 4 })).toEqual([]);
      });

      it('throws StreamNotFoundError for a stream without events', async () => {
        const stream = streamName();

        const error = await store.readStream(stream).catch((e: unknown) => e);

        expect(error).toBeInstanceOf(StreamNotFoundError);
        expect((error as StreamNotFoundError).streamName).toBe(stream);
      });

      it('round-trips metadata, and reads absent metadata as an empty object', async () => {
        const stream = streamName();
        const metadata = {
          tenantId: 'tenant-1',
          customerGroupId: 'cg-1',
          actorUserId: null,
          commandId: randomUUID(),
          correlationId: randomUUID(),
          causationId: randomUUID(),
          acceptedAt: '2024-05-01T10:00:00.000Z',
          extra: { nested: [1, 'two', { three: true }] },
        };

        await store.appendToStream(stream, [{ ...anEvent(), metadata }, anEvent()]);
        const [withMetadata, without] = await store.readStream(stream);

        expect(withMetadata.metadata).toEqual(metadata);
        expect(without.metadata).toEqual({});
      });

      it('records an ISO-8601 time', async () => {
        const stream = streamName();
        const before = Date.now();

        await store.appendToStream(stream, [anEvent()]);
        const [event] = await store.readStream(stream);

        expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
        expect(Date.parse(event.recordedAt)).toBeGreaterThan(before - 60_000);
        expect(Date.parse(event.recordedAt)).toBeLessThan(Date.now() + 60_000);
      });

      it('reports the position of the last event as the head position', async () => {
        const result = await store.appendToStream(streamName(), [anEvent(), anEvent()]);

        expect(await store.headPosition()).toBe(result.position);
      });

      it('calls onCommitted once with the result the moment the append is durable, before the promise settles; not on a failed append', async () => {
        const stream = streamName();
        const seen: string[] = [];
        const appending = store.appendToStream(stream, [anEvent(), anEvent()], {
          onCommitted: (result) => {
            seen.push(`committed ${result.nextExpectedRevision}`);
            void store.readStream(stream).then((events) => seen.push(`readable ${events.length}`));
          },
        });
        void appending.then(() => seen.push('settled'));
        const result = await appending;
        await new Promise((resolve) => setImmediate(resolve));
        expect(seen.slice(0, 1)).toEqual([`committed ${result.nextExpectedRevision}`]);
        expect(seen).toContain('readable 2');
        expect(seen).toContain('settled');
        expect(seen.indexOf('settled')).toBeGreaterThan(0);

        let called = 0;
        await expect(store.appendToStream(stream, [anEvent()], { expectedRevision: 'no-stream', onCommitted: () => called++ })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(called).toBe(0);
      });
    });

    describe('expected revision', () => {
      it("'no-stream' succeeds on a new stream and fails on an existing one with its revision", async () => {
        const stream = streamName();
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'no-stream' });

        await expectWrongRevision(store.appendToStream(stream, [anEvent()], { expectedRevision: 'no-stream' }), {
          stream,
          expected: 'no-stream',
          actual: 0,
        });
      });

      it("'stream-exists' fails on a new stream with 'no-stream' and succeeds on an existing one", async () => {
        const stream = streamName();
        await expectWrongRevision(store.appendToStream(stream, [anEvent()], { expectedRevision: 'stream-exists' }), {
          stream,
          expected: 'stream-exists',
          actual: 'no-stream',
        });
        await store.appendToStream(stream, [anEvent()]);

        const result = await store.appendToStream(stream, [anEvent()], { expectedRevision: 'stream-exists' });

        expect(result.nextExpectedRevision).toBe(1);
      });

      it('a revision succeeds when it is the last revision and fails otherwise with the actual one', async () => {
        const stream = streamName();
        await expectWrongRevision(store.appendToStream(stream, [anEvent()], { expectedRevision: 0 }), {
          stream,
          expected: 0,
          actual: 'no-stream',
        });
        await store.appendToStream(stream, [anEvent(), anEvent()]);

        await expectWrongRevision(store.appendToStream(stream, [anEvent()], { expectedRevision: 0 }), {
          stream,
          expected: 0,
          actual: 1,
        });
        const result = await store.appendToStream(stream, [anEvent()], { expectedRevision: 1 });

        expect(result.nextExpectedRevision).toBe(2);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it("'any' (also the default) succeeds whether or not the stream exists", async () => {
        const stream = streamName();

        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'any' });
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 'any' });
        const result = await store.appendToStream(stream, [anEvent()]);

        expect(result.nextExpectedRevision).toBe(2);
      });

      it('an append of no events stores nothing but still checks the expected revision', async () => {
        const stream = streamName();

        expect((await store.appendToStream(stream, [], { expectedRevision: 'no-stream' })).nextExpectedRevision).toBe(-1);
        await expectWrongRevision(store.appendToStream(stream, [], { expectedRevision: 'stream-exists' }), {
          stream,
          expected: 'stream-exists',
          actual: 'no-stream',
        });
        await store.appendToStream(stream, [anEvent()]);
        expect((await store.appendToStream(stream, [], { expectedRevision: 0 })).nextExpectedRevision).toBe(0);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('of concurrent appends expecting the same revision, exactly one succeeds', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [anEvent()]);

        const settled = await Promise.allSettled(
          Array.from({ length: 10 }, () => store.appendToStream(stream, [anEvent()], { expectedRevision: 0 })),
        );

        expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
        for (const s of settled.filter((s) => s.status === 'rejected')) {
          expect(s.reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect((s.reason as WrongExpectedRevisionError).actual).toBe(1);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    // Retries are recognised as EventStoreDB recognises them: by the events right after the expected revision (with
    // 'any', among the stream's recent events). Adapters' specs cover where their recognition ends.
    describe('idempotent appends', () => {
      it('a retry with the same event ids appends nothing and answers the first result', async () => {
        const stream = streamName();
        const from = await store.headPosition();
        const events = [anEvent(), anEvent()];

        const first = await store.appendToStream(stream, events, { expectedRevision: 'no-stream' });
        const retry = await store.appendToStream(stream, events, { expectedRevision: 'no-stream' });

        expect(retry).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(2);
        expect(await readOwn(store, from, [stream])).toHaveLength(2);
      });

      it('a retry after later appends still answers the first result', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [anEvent()]);
        const events = [anEvent()];

        const first = await store.appendToStream(stream, events, { expectedRevision: 0 });
        await store.appendToStream(stream, [anEvent()], { expectedRevision: 1 });
        const retry = await store.appendToStream(stream, events, { expectedRevision: 0 });

        expect(retry).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it("a retry with 'any' right after its first attempt appends nothing and answers the first result", async () => {
        const stream = streamName();
        await store.appendToStream(stream, [anEvent()]);
        const events = [anEvent(), anEvent()];

        const first = await store.appendToStream(stream, events, { expectedRevision: 'any' });
        const retry = await store.appendToStream(stream, events, { expectedRevision: 'any' });

        expect(retry).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('a retry whose ids only partly match the first attempt throws DuplicateEventIdError and appends nothing', async () => {
        const stream = streamName();
        const [a, b, c] = [anEvent(), anEvent(), anEvent()];
        await store.appendToStream(stream, [a, b], { expectedRevision: 'no-stream' });

        const error = await store
          .appendToStream(stream, [a, c], { expectedRevision: 'no-stream' })
          .catch((e: unknown) => e);

        expect(error).toBeInstanceOf(DuplicateEventIdError);
        expect((error as DuplicateEventIdError).streamName).toBe(stream);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual([a.id, b.id]);
      });

      it('an event id used in another stream makes no retry: both streams keep their event', async () => {
        const [s1, s2] = [streamName(), streamName()];
        const event = anEvent();
        await store.appendToStream(s1, [event], { expectedRevision: 'no-stream' });

        const result = await store.appendToStream(s2, [event], { expectedRevision: 'no-stream' });

        expect(result.nextExpectedRevision).toBe(0);
        expect((await store.readStream(s2)).map((e) => e.id)).toEqual([event.id]);
        expect((await store.readStream(s1)).map((e) => e.id)).toEqual([event.id]);
      });

      it('refuses an append that carries one event id twice', async () => {
        const stream = streamName();
        const event = anEvent();

        await expect(store.appendToStream(stream, [event, event])).rejects.toBeInstanceOf(DuplicateEventIdError);
        await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamNotFoundError);
      });
    });

    describe('reading all', () => {
      it('reads events of all streams in global order with strictly increasing positions', async () => {
        const [s1, s2] = [streamName(), streamName()];
        const from = await store.headPosition();
        const events = [anEvent(), anEvent(), anEvent(), anEvent()];

        await store.appendToStream(s1, [events[0]]);
        await store.appendToStream(s2, [events[1], events[2]]);
        await store.appendToStream(s1, [events[3]]);
        const read = await readOwn(store, from, [s1, s2]);

        expect(read.map((e) => [e.id, e.streamName])).toEqual([
          [events[0].id, s1],
          [events[1].id, s2],
          [events[2].id, s2],
          [events[3].id, s1],
        ]);
        expectStrictlyIncreasing(read.map((e) => e.position));
      });

      it('reads after a position (exclusive) and up to a count', async () => {
        const stream = streamName();
        const from = await store.headPosition();
        const events = [anEvent(), anEvent(), anEvent(), anEvent()];
        await store.appendToStream(stream, events);
        const all = await readOwn(store, from, [stream]);

        const page = await store.readAll({ fromPosition: all[1].position, maxCount: 2 });

        expect(page.map((e) => e.id)).toEqual([events[2].id, events[3].id]);
        expect(await store.readAll({ fromPosition: all[3].position })).toEqual([]);
        expect(await store.readAll({ fromPosition: from, maxCount: 1 })).toHaveLength(1);
      });

      it('gives concurrent appends to different streams distinct positions, and all succeed', async () => {
        const streams = Array.from({ length: 50 }, () => streamName());

        const results = await Promise.all(streams.map((s) => store.appendToStream(s, [anEvent()], { expectedRevision: 'no-stream' })));

        expect(new Set(results.map((r) => r.position)).size).toBe(50);
        for (const [i, s] of streams.entries()) {
          const [event] = await store.readStream(s);
          expect(event.position).toBe(results[i].position);
        }
      });
    });

    describe('subscribing to all', () => {
      it('catches up with past events, then delivers new ones live', async () => {
        const stream = streamName();
        const from = await store.headPosition();
        const past = [anEvent(), anEvent(), anEvent()];
        await store.appendToStream(stream, past);
        const received = collect([stream]);

        const subscription = store.subscribeToAll({ fromPosition: from }, received.handler);
        await waitFor(() => received.events.length === 3);
        const live = [anEvent(), anEvent()];
        await store.appendToStream(stream, live);
        await waitFor(() => received.events.length === 5);
        await subscription.stop();

        expect(received.events.map((e) => e.id)).toEqual([...past, ...live].map((e) => e.id));
        expectStrictlyIncreasing(received.events.map((e) => e.position));
      });

      it('starts after the given position', async () => {
        const stream = streamName();
        const events = [anEvent(), anEvent(), anEvent()];
        await store.appendToStream(stream, events);
        const [, second] = await store.readStream(stream);
        const received = collect([stream]);

        const subscription = store.subscribeToAll({ fromPosition: second.position }, received.handler);
        await waitFor(() => received.events.length === 1);
        await subscription.stop();

        expect(received.events.map((e) => e.id)).toEqual([events[2].id]);
      });

      it('hands over batches no larger than maxBatchSize, one at a time', async () => {
        const stream = streamName();
        const from = await store.headPosition();
        await store.appendToStream(stream, Array.from({ length: 7 }, () => anEvent()));
        const sizes: number[] = [];
        let running = 0;
        let overlapped = false;
        let delivered = 0;

        const subscription = store.subscribeToAll({ fromPosition: from, maxBatchSize: 2 }, async (events) => {
          overlapped ||= running > 0;
          running++;
          sizes.push(events.length);
          await sleep(5);
          delivered += events.filter((e) => e.streamName === stream).length;
          running--;
        });
        await waitFor(() => delivered === 7);
        await subscription.stop();

        expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
        expect(overlapped).toBe(false);
      });

      it('stop() resolves once the running handler has finished, and nothing is delivered after it', async () => {
        const stream = streamName();
        const from = await store.headPosition();
        await store.appendToStream(stream, [anEvent()]);
        let handlerStarted = false;
        let handlerFinished = false;
        const received = collect([stream]);

        const subscription = store.subscribeToAll({ fromPosition: from }, async (events) => {
          handlerStarted = true;
          await sleep(50);
          handlerFinished = true;
          await received.handler(events);
        });
        await waitFor(() => handlerStarted);
        await subscription.stop();
        expect(handlerFinished).toBe(true);
        const countAtStop = received.events.length;
        await store.appendToStream(stream, [anEvent()]);
        await sleep(300);

        expect(received.events).toHaveLength(countAtStop);
        await expect(subscription.done).resolves.toBeUndefined();
      });

      it("rejects done with the handler's error and stops delivering", async () => {
        const from = await store.headPosition();
        await store.appendToStream(streamName(), [anEvent()]);
        const failure = new Error('projection failed');
        let calls = 0;

        const subscription = store.subscribeToAll({ fromPosition: from }, async () => {
          calls++;
          throw failure;
        });

        await expect(subscription.done).rejects.toBe(failure);
        await store.appendToStream(streamName(), [anEvent()]);
        await sleep(300);
        expect(calls).toBe(1);
        await subscription.stop();
      });
    });
  });
}

function streamName(): string {
  return `contract-${randomUUID()}`;
}

function anEvent(type = 'SomethingHappened', data: unknown = { value: randomUUID() }): EventData {
  return { id: randomUUID(), type, data };
}

async function readOwn(store: EventStore, fromPosition: number, streams: readonly string[]): Promise<RecordedEvent[]> {
  return (await store.readAll({ fromPosition })).filter((e) => streams.includes(e.streamName));
}

function collect(streams: readonly string[]) {
  const events: RecordedEvent[] = [];
  return {
    events,
    handler: async (batch: readonly RecordedEvent[]) => {
      events.push(...batch.filter((e) => streams.includes(e.streamName)));
    },
  };
}

async function expectWrongRevision(
  append: Promise<unknown>,
  expected: { stream: string; expected: ExpectedRevision; actual: number | 'no-stream' },
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  const wrong = error as WrongExpectedRevisionError;
  expect({ stream: wrong.streamName, expected: wrong.expected, actual: wrong.actual }).toEqual(expected);
}

function expectStrictlyIncreasing(positions: readonly number[]): void {
  positions.slice(1).forEach((position, i) => expect(position).toBeGreaterThan(positions[i]));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
