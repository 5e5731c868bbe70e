import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { LIVE_UPDATES_TOPIC, type LiveUpdate } from '@beacon/contracts';
import { SqliteBus } from '@beacon/bus';
import { SqliteEventStore, type RecordedEvent } from '@beacon/event-store';
import { SqliteReadStore, type Document } from '@beacon/read-store';
import { ParkedEvents, parkedEventId, type ParkedEventDocument } from './parked-events';
import type { ProjectionDefinition } from './projection';
import { ProjectionLeases } from './projection-leases';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner';

interface NoteDocument extends Document {
  notes: string[];
}

/** Keeps each stream's values. With `poisonId`, a value 'poison' names the document it returns ('' names none, as the `__proto__` bug did). */
function notes(name: string, options: { poisonId?: () => string; throwOn?: () => string | null } = {}): ProjectionDefinition {
  return {
    name,
    collections: [name],
    project: (event: RecordedEvent) => {
      const value = (event.data as { value: string }).value;
      if (options.throwOn?.() === value) throw new TypeError(`cannot read ${value}`);
      return [
        {
          collection: name,
          tenantId: String(event.metadata.tenantId),
          id: value === 'poison' && options.poisonId ? options.poisonId() : event.streamName,
          apply: (current) => ({ _id: event.streamName, notes: [...((current as NoteDocument | null)?.notes ?? []), value] }),
        },
      ];
    },
    liveUpdate: (event) => ({
      type: event.type,
      resource: name,
      id: event.streamName,
      data: event.data,
      tenantId: String(event.metadata.tenantId),
    }),
  };
}

const fragile = (options: { throwOn?: () => string | null } = {}) => notes('fragile', { poisonId: () => '', ...options });

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;
let bus: SqliteBus;
const runners: ProjectionRunner[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-parking-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  bus = SqliteBus.open({ path: join(dir, 'bus.sqlite'), pollMs: 20 });
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await bus.close();
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

function runner(options: Partial<ProjectionRunnerOptions> & Pick<ProjectionRunnerOptions, 'projections'>): ProjectionRunner {
  const created = new ProjectionRunner({ eventStore, readStore, tickMs: 50, onError: () => undefined, ...options });
  runners.push(created);
  return created;
}

async function append(stream: string, tenantId: string, ...values: string[]): Promise<number> {
  const result = await eventStore.appendToStream(
    stream,
    values.map((value) => ({ id: crypto.randomUUID(), type: 'ValueRecorded', data: { value }, metadata: { tenantId } })),
  );
  return result.position;
}

const notesOf = async (collection: string, tenantId: string, id: string) =>
  (await readStore.scope(tenantId).collection<NoteDocument>(collection).findOne({ _id: id }))?.notes ?? null;

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a projection that cannot apply an event', () => {
  it('parks it and goes on, while other projections and other tenants never wait', async () => {
    const parkedSeen: ParkedEventDocument[] = [];
    const run = runner({
      projections: [fragile(), notes('sturdy')],
      onParked: (parked) => void parkedSeen.push(parked),
    });
    await run.start();
    await append('a-1', 'tenant-a', 'first');
    const poison = await append('a-1', 'tenant-a', 'poison');
    await append('a-1', 'tenant-a', 'after');
    const last = await append('b-1', 'tenant-b', 'b-value');

    expect(await run.waitFor(last, 5_000)).toBe(true);
    expect(await notesOf('fragile', 'tenant-a', 'a-1')).toEqual(['first', 'after']);
    expect(await notesOf('fragile', 'tenant-b', 'b-1')).toEqual(['b-value']);
    expect(await notesOf('sturdy', 'tenant-a', 'a-1')).toEqual(['first', 'poison', 'after']);
    expect(await readStore.getCheckpoint('fragile')).toBe(last);

    const parked = await new ParkedEvents(readStore).ofTenant('tenant-a');
    expect(parked).toEqual([
      expect.objectContaining({
        _id: parkedEventId('fragile', poison),
        projection: 'fragile',
        position: poison,
        tenant_id: 'tenant-a',
        stream: 'a-1',
        event_type: 'ValueRecorded',
        error: 'InvalidQueryError: A change needs a document id',
        attempts: 1,
        retry_requested: false,
      }),
    ]);
    expect(parkedSeen.map((p) => p._id)).toEqual([parkedEventId('fragile', poison)]);
    expect(await new ParkedEvents(readStore).ofTenant('tenant-b')).toEqual([]);
  });

  it('parks an event whose projection function throws, and leaves its live update out', async () => {
    const received: LiveUpdate[] = [];
    const consumer = await bus.consume<LiveUpdate>(LIVE_UPDATES_TOPIC, 'test-node', async (message) => void received.push(message.value));
    const run = runner({ bus, projections: [fragile({ throwOn: () => 'boom' }), notes('sturdy')] });
    await run.start();
    const last = await append('a-1', 'tenant-a', 'ok', 'boom', 'fine');
    await run.waitFor(last, 5_000);
    await until(async () => received.length >= 5);
    await consumer.stop();
    expect(received.map((u) => `${u.resource}:${(u.data as { value: string }).value}`).sort()).toEqual(
      ['fragile:fine', 'fragile:ok', 'sturdy:boom', 'sturdy:fine', 'sturdy:ok'].sort(),
    );
    const [parked] = await new ParkedEvents(readStore).ofTenant('tenant-a');
    expect(parked?.error).toBe('TypeError: cannot read boom');
  });

  it('never halts on a parked event after a restart, nor parks it twice', async () => {
    const first = runner({ projections: [fragile()] });
    await first.start();
    const poison = await append('a-1', 'tenant-a', 'poison');
    await first.waitFor(poison, 5_000);
    await first.stop();

    const second = runner({ projections: [fragile()] });
    await second.start();
    const later = await append('a-1', 'tenant-a', 'later');
    expect(await second.waitFor(later, 5_000)).toBe(true);
    expect(await notesOf('fragile', 'tenant-a', 'a-1')).toEqual(['later']);
    expect((await new ParkedEvents(readStore).ofTenant('tenant-a')).map((p) => p.attempts)).toEqual([1]);
  });

  it('applies a parked event when an admin asks for a retry after the fix, and keeps it parked while it still fails', async () => {
    let poisonId = '';
    const run = runner({ projections: [notes('fragile', { poisonId: () => poisonId })] });
    await run.start();
    await append('a-1', 'tenant-a', 'first');
    const poison = await append('a-1', 'tenant-a', 'poison');
    const last = await append('a-1', 'tenant-a', 'after');
    await run.waitFor(last, 5_000);
    const parked = new ParkedEvents(readStore);
    const id = parkedEventId('fragile', poison);

    expect(await parked.requestRetry('tenant-b', id)).toBe(false);
    expect(await parked.requestRetry('tenant-a', id)).toBe(true);
    await run.nudge();
    const again = await parked.find(id);
    expect(again).toMatchObject({ attempts: 2, retry_requested: false });

    poisonId = 'a-1';
    await parked.requestRetry('tenant-a', id);
    await run.nudge();
    expect(await parked.find(id)).toBeNull();
    expect(await notesOf('fragile', 'tenant-a', 'a-1')).toEqual(['first', 'after', 'poison']);
    expect(await readStore.getCheckpoint('fragile')).toBe(last);
  });

  it('forgets a projection parked events when it is rebuilt, and parks them again if they still fail', async () => {
    const run = runner({ projections: [fragile()] });
    await run.start();
    const poison = await append('a-1', 'tenant-a', 'poison');
    await run.waitFor(poison, 5_000);
    await run.rebuild('fragile');
    expect((await new ParkedEvents(readStore).ofTenant('tenant-a')).map((p) => [p._id, p.attempts])).toEqual([[parkedEventId('fragile', poison), 1]]);
  });
});

describe('projection leases across query nodes', () => {
  it('lets one node at a time run a projection; every node knows where the read models stand', async () => {
    const clock = { now: 1_000_000 };
    const lease = (holder: string) => ({ holder, ttlMs: 6_000 });
    const a = runner({ projections: [notes('shared')], lease: lease('node-a'), now: () => clock.now });
    const b = runner({ projections: [notes('shared')], lease: lease('node-b'), now: () => clock.now });
    await a.start();
    await b.start();
    expect(a.runningProjections).toEqual(['shared']);
    expect(b.runningProjections).toEqual([]);

    const position = await append('s-1', 'tenant-a', 'one');
    expect(await b.waitFor(position, 5_000)).toBe(true);
    expect(await notesOf('shared', 'tenant-a', 's-1')).toEqual(['one']);
  });

  it('hands the projection over when its holder stops renewing, and applies every event once', async () => {
    const clock = { now: 1_000_000 };
    const lease = (holder: string) => ({ holder, ttlMs: 6_000 });
    const a = runner({ projections: [notes('shared')], lease: lease('node-a'), now: () => clock.now });
    const b = runner({ projections: [notes('shared')], lease: lease('node-b'), now: () => clock.now });
    await a.start();
    await b.start();
    await a.waitFor(await append('s-1', 'tenant-a', 'one'), 5_000);

    // node-a dies without giving its lease up: it neither renews nor applies any more.
    (a as unknown as { running: boolean }).running = false;
    await (a as unknown as { unsubscribe(): Promise<void> }).unsubscribe();
    const later = await append('s-1', 'tenant-a', 'two');
    await b.nudge();
    expect(b.runningProjections).toEqual([]);

    clock.now += 6_001;
    await b.nudge();
    expect(b.runningProjections).toEqual(['shared']);
    expect(await b.waitFor(later, 5_000)).toBe(true);
    expect(await notesOf('shared', 'tenant-a', 's-1')).toEqual(['one', 'two']);
    expect((await new ProjectionLeases(readStore, lease('x'), () => clock.now).all()).map((l) => l.holder)).toEqual(['node-b']);
  });

  it('gives its leases up on a clean stop so another node takes over at once', async () => {
    const lease = (holder: string) => ({ holder, ttlMs: 60_000 });
    const a = runner({ projections: [notes('shared')], lease: lease('node-a') });
    const b = runner({ projections: [notes('shared')], lease: lease('node-b') });
    await a.start();
    await b.start();
    await a.stop();
    await b.nudge();
    expect(b.runningProjections).toEqual(['shared']);
  });

  it('takes its own leases back at once after a crash when it restarts under the same name', async () => {
    const lease = { holder: 'embedded', ttlMs: 60_000 };
    await new ProjectionLeases(readStore, lease, Date.now).acquire('shared');
    const restarted = runner({ projections: [notes('shared')], lease });
    await restarted.start();
    expect(restarted.runningProjections).toEqual(['shared']);
  });
});
