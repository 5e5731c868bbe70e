import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { LIVE_UPDATES_TOPIC, type LiveUpdate } from '@beacon/contracts';
import { SqliteBus } from '@beacon/bus';
import { SqliteEventStore, type RecordedEvent } from '@beacon/event-store';
import { SqliteReadStore, type Document } from '@beacon/read-store';
import { ProjectionRunner } from './projection-runner';
import type { ProjectionDefinition } from './projection';

interface CounterDocument extends Document {
  count: number;
  last: string;
}

/** Counts events per stream: applying an event twice would show as a wrong count. */
const counters: ProjectionDefinition = {
  name: 'counters',
  collections: ['counters'],
  project: (event: RecordedEvent) => [
    {
      collection: 'counters',
      tenantId: String(event.metadata.tenantId),
      id: event.streamName,
      apply: (current) => ({
        _id: event.streamName,
        count: ((current as CounterDocument | null)?.count ?? 0) + 1,
        last: (event.data as { value: string }).value,
      }),
    },
  ],
  liveUpdate: (event) => ({
    type: event.type,
    resource: 'counters',
    id: event.streamName,
    data: event.data,
    tenantId: String(event.metadata.tenantId),
  }),
};

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;
let bus: SqliteBus;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-projections-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  bus = SqliteBus.open({ path: join(dir, 'bus.sqlite'), pollMs: 20 });
});

afterEach(async () => {
  await bus.close();
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

async function append(stream: string, tenantId: string, ...values: string[]): Promise<number> {
  const result = await eventStore.appendToStream(
    stream,
    values.map((value) => ({ id: crypto.randomUUID(), type: 'ValueRecorded', data: { value }, metadata: { tenantId } })),
  );
  return result.position;
}

const counter = (tenantId: string, id: string) => readStore.scope(tenantId).collection<CounterDocument>('counters').findOne({ _id: id });

describe('projection runner', () => {
  it('applies history and live events, and tells waiters when a position is applied', async () => {
    await append('thing-1', 't1', 'a', 'b');
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [counters] });
    await runner.start();
    const position = await append('thing-1', 't1', 'c');
    expect(await runner.waitFor(position, 5000)).toBe(true);
    expect(await counter('t1', 'thing-1')).toEqual({ _id: 'thing-1', count: 3, last: 'c' });
    expect(await readStore.getCheckpoint('counters')).toBe(position);
    expect(await runner.waitFor(position + 1000, 50)).toBe(false);
    await runner.stop();
  });

  it('gives way before each batch while told to (a background runner), and what piled up meanwhile comes in one batch', async () => {
    let release!: () => void;
    let asked = 0;
    const gate = () => new Promise<void>((resolve) => (release = resolve));
    let held = gate();
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [counters],
      yieldTo: () => {
        asked++;
        return held;
      },
    });
    await runner.start();
    const first = await append('thing-1', 't1', 'a');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toBe(1);
    expect(await counter('t1', 'thing-1')).toBeNull();
    const last = await append('thing-1', 't1', 'b', 'c');
    const open = release;
    held = gate();
    open();
    expect(await runner.waitFor(first, 5000)).toBe(true);
    // The next batch waits again; released, it brings everything appended while the runner waited.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toBe(2);
    release();
    expect(await runner.waitFor(last, 5000)).toBe(true);
    expect(await counter('t1', 'thing-1')).toEqual({ _id: 'thing-1', count: 3, last: 'c' });
    expect(asked).toBe(2);
    await runner.stop();
  });

  it('resumes from its checkpoint after a restart without applying anything twice', async () => {
    const first = new ProjectionRunner({ eventStore, readStore, projections: [counters] });
    await first.start();
    expect(await first.waitFor(await append('thing-1', 't1', 'a', 'b'), 5000)).toBe(true);
    await first.stop();
    const later = await append('thing-1', 't1', 'c');
    const second = new ProjectionRunner({ eventStore, readStore, projections: [counters] });
    await second.start();
    expect(await second.waitFor(later, 5000)).toBe(true);
    expect((await counter('t1', 'thing-1'))?.count).toBe(3);
    await second.stop();
  });

  it('publishes the live updates of each applied batch on the bus', async () => {
    const received: LiveUpdate[] = [];
    const consumer = await bus.consume<LiveUpdate>(LIVE_UPDATES_TOPIC, 'test-node', async (message) => {
      received.push(message.value);
    });
    const runner = new ProjectionRunner({ eventStore, readStore, bus, projections: [counters] });
    await runner.start();
    const position = await append('thing-9', 't2', 'x');
    await runner.waitFor(position, 5000);
    const deadline = Date.now() + 5000;
    while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([
      { type: 'ValueRecorded', resource: 'counters', id: 'thing-9', data: { value: 'x' }, tenantId: 't2', position },
    ]);
    await consumer.stop();
    await runner.stop();
  });

  it('rebuilds a read model from position zero', async () => {
    await append('thing-1', 't1', 'a', 'b');
    const head = await append('thing-2', 't2', 'c');
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [counters] });
    await runner.catchUp();
    await readStore.scope('t1').collection<CounterDocument>('counters').upsert({ _id: 'thing-1', count: 99, last: 'corrupt' });
    await runner.rebuild('counters');
    expect(runner.position).toBe(head);
    expect(await counter('t1', 'thing-1')).toEqual({ _id: 'thing-1', count: 2, last: 'b' });
    expect(await counter('t2', 'thing-2')).toEqual({ _id: 'thing-2', count: 1, last: 'c' });
    await runner.stop();
  });

  it('refuses to rebuild a projection it does not run', async () => {
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [counters] });
    await expect(runner.rebuild('nope')).rejects.toThrow('Unknown projection: nope');
  });
});

/** Keeps a copy of each stream's counter and sends the documents it wrote as the live update. */
const snapshots: ProjectionDefinition = {
  name: 'snapshots',
  collections: ['snapshots'],
  project: (event: RecordedEvent) => [
    {
      collection: 'snapshots',
      tenantId: String(event.metadata.tenantId),
      id: event.streamName,
      apply: (current) =>
        (event.data as { value: string }).value === 'delete'
          ? null
          : { _id: event.streamName, count: ((current as CounterDocument | null)?.count ?? 0) + 1, last: (event.data as { value: string }).value },
    },
  ],
  liveUpdate: (event, documents) => ({
    type: event.type,
    resource: 'snapshots',
    id: event.streamName,
    data: documents,
    tenantId: String(event.metadata.tenantId),
  }),
};

async function collectLiveUpdates(run: () => Promise<void>, expected: number): Promise<LiveUpdate[]> {
  const received: LiveUpdate[] = [];
  const consumer = await bus.consume<LiveUpdate>(LIVE_UPDATES_TOPIC, 'test-node', async (message) => {
    received.push(message.value);
  });
  await run();
  const deadline = Date.now() + 5000;
  while (received.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await consumer.stop();
  return received;
}

describe('live updates from the documents a projection wrote', () => {
  it('hands each event the documents its changes wrote, as that event left them (deleted ones left out)', async () => {
    await append('thing-1', 't1', 'a', 'b');
    const head = await append('thing-1', 't1', 'delete');
    const received = await collectLiveUpdates(async () => {
      const runner = new ProjectionRunner({ eventStore, readStore, bus, projections: [counters, snapshots] });
      await runner.catchUp();
      await runner.stop();
    }, 6);
    expect(received.filter((update) => update.resource === 'snapshots').map((update) => [update.position, update.data])).toEqual([
      [head - 2, [{ _id: 'thing-1', count: 1, last: 'a' }]],
      [head - 1, [{ _id: 'thing-1', count: 2, last: 'b' }]],
      [head, []],
    ]);
    // A projection that ignores the documents works as before.
    expect(received.filter((update) => update.resource === 'counters').map((update) => update.data)).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'delete' }]);
  });

  it('hands an event the store had already applied the documents as they stand after the batch', async () => {
    await append('thing-1', 't1', 'a', 'b');
    const first = new ProjectionRunner({ eventStore, readStore, projections: [snapshots] });
    await first.catchUp();
    await first.stop();
    const later = await append('thing-1', 't1', 'c');
    // The counters start from zero, so the batch replays the events the snapshots already hold.
    const received = await collectLiveUpdates(async () => {
      const runner = new ProjectionRunner({ eventStore, readStore, bus, projections: [counters, snapshots] });
      await runner.catchUp();
      await runner.stop();
    }, 6);
    expect(received.filter((update) => update.resource === 'snapshots').map((update) => [update.position, update.data])).toEqual([
      [later - 2, [{ _id: 'thing-1', count: 3, last: 'c' }]],
      [later - 1, [{ _id: 'thing-1', count: 3, last: 'c' }]],
      [later, [{ _id: 'thing-1', count: 3, last: 'c' }]],
    ]);
  });
});
