import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  DuplicateEventIdError,
  EventData,
  EventStoreUnavailableError,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../../event-store';
import { runEventStoreContract } from '../../testing/event-store.contract';
import { RECENT_EVENTS_CHECKED } from './sqlite-append-writer';
import { SqliteEventStore } from './sqlite-event-store.adapter';

/** fs.fdatasync answered by `answer` instead of the disk (every call, or the next one only). */
const syncWith = (answer: (done: (error: NodeJS.ErrnoException | null) => void) => void, times: 'always' | 'once' = 'always') => {
  const spy = jest.spyOn(fs, 'fdatasync');
  const fake = ((_fd: number, done: (error: NodeJS.ErrnoException | null) => void) => answer(done)) as typeof fs.fdatasync;
  return times === 'once' ? spy.mockImplementationOnce(fake) : spy.mockImplementation(fake);
};

const directory = mkdtempSync(join(tmpdir(), 'event-store-'));
const databaseFile = () => join(directory, `${randomUUID()}.sqlite`);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

runEventStoreContract('sqlite (file)', async () => SqliteEventStore.open({ path: databaseFile() }));
runEventStoreContract('sqlite (:memory:)', async () => SqliteEventStore.open({ path: ':memory:' }));

describe('SqliteEventStore', () => {
  const opened: SqliteEventStore[] = [];
  const open = (path: string, pollIntervalMs?: number) => {
    const store = SqliteEventStore.open({ path, pollIntervalMs });
    opened.push(store);
    return store;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  describe('group commit', () => {
    it('commits 200 concurrent appends in far fewer transactions', async () => {
      const store = open(databaseFile());

      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => store.appendToStream(`order-${i}`, [anEvent()], { expectedRevision: 'no-stream' })),
      );

      expect(new Set(results.map((r) => r.position)).size).toBe(200);
      expect(store.commitCount).toBeLessThanOrEqual(2);
    });

    it('rejects only the failing append of a batch; the others commit', async () => {
      const store = open(databaseFile());
      await store.appendToStream('order-taken', [anEvent()]);

      const settled = await Promise.allSettled([
        store.appendToStream('order-1', [anEvent()], { expectedRevision: 'no-stream' }),
        store.appendToStream('order-taken', [anEvent()], { expectedRevision: 'no-stream' }),
        store.appendToStream('order-2', [anEvent(), anEvent()], { expectedRevision: 'no-stream' }),
      ]);

      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream('order-2')).toHaveLength(2);
      expect(await store.readStream('order-taken')).toHaveLength(1);
    });

    it("runs every onCommitted hook of a batch before any append's continuation, even one submitted first", async () => {
      const store = open(databaseFile());
      const order: string[] = [];
      const first = store.appendToStream('order-a', [anEvent()]).then(() => order.push('continuation of a'));
      const second = store.appendToStream('order-b', [anEvent()], { onCommitted: () => order.push('hook of b') });
      const third = store.appendToStream('order-c', [anEvent()], {
        onCommitted: () => {
          order.push('hook of c');
          throw new Error('a broken hook');
        },
      });
      await Promise.all([first, second, third]);
      expect(store.commitCount).toBe(1);
      expect(order).toEqual(['hook of b', 'hook of c', 'continuation of a']);
      expect(await store.readStream('order-c')).toHaveLength(1);
    });

    it('runs the hooks after the commit is written and before the WAL is synced, and acknowledges only after the sync', async () => {
      const path = databaseFile();
      const store = open(path);
      const order: string[] = [];
      const synced = syncWith((done) => {
        order.push('fdatasync');
        done(null);
      });
      try {
        const appended = store
          .appendToStream('order-d', [anEvent()], {
            onCommitted: () => {
              // Written: another connection (another process) reads it already, before the fsync.
              const reader = new Database(path, { readonly: true });
              try {
                order.push(`hook sees ${(reader.prepare("SELECT COUNT(*) AS n FROM es_events WHERE stream_name = 'order-d'").get() as { n: number }).n} event`);
              } finally {
                reader.close();
              }
            },
          })
          .then(() => order.push('acknowledged'));
        await appended;
        expect(order).toEqual(['hook sees 1 event', 'fdatasync', 'acknowledged']);
        expect(synced.mock.calls[0]?.[0]).toEqual(expect.any(Number));
      } finally {
        synced.mockRestore();
      }
    });

    it('leaves the event loop free while the WAL syncs: what a hook set going on the next tick runs before the sync ends', async () => {
      // A hook hands a message's last bytes to a socket on the next tick; a kill during a sync that blocked the
      // loop would keep the record of the handover and lose the bytes.
      const store = open(databaseFile());
      const order: string[] = [];
      const synced = syncWith((done) => {
        order.push('sync starts');
        setTimeout(() => {
          order.push('sync ends');
          done(null);
        }, 20);
      });
      try {
        await store.appendToStream('order-tick', [anEvent()], {
          onCommitted: () => {
            order.push('hook');
            process.nextTick(() => order.push('next tick of the hook'));
          },
        });
        order.push('acknowledged');
        expect(order).toEqual(['hook', 'sync starts', 'next tick of the hook', 'sync ends', 'acknowledged']);
      } finally {
        synced.mockRestore();
      }
    });

    it('gathers the appends made during a sync into the next batch, and acknowledges batches in the order they committed', async () => {
      const store = open(databaseFile());
      const order: string[] = [];
      const synced = syncWith((done) => {
        setTimeout(() => done(null), 20);
      });
      try {
        const first = store.appendToStream('order-f', [anEvent()]).then(() => order.push('first'));
        await new Promise((resolve) => setTimeout(resolve, 5)); // the first batch is committed and syncing
        const commitsBefore = store.commitCount;
        const later = [1, 2, 3].map((n) => store.appendToStream(`order-g${n}`, [anEvent()]).then(() => order.push(`later ${n}`)));
        await Promise.all([first, ...later]);
        expect(commitsBefore).toBe(1);
        expect(store.commitCount).toBe(2);
        expect(order).toEqual(['first', 'later 1', 'later 2', 'later 3']);
      } finally {
        synced.mockRestore();
      }
    });

    it('fails the whole batch when the WAL cannot be synced: the caller retries, and the store recognises the retry', async () => {
      const store = open(databaseFile());
      const event = anEvent();
      const synced = syncWith((done) => done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })), 'once');
      try {
        await expect(store.appendToStream('order-e', [event], { expectedRevision: 'no-stream' })).rejects.toThrow('EIO');
        // The retry with the same event: recognised, not appended twice.
        await expect(store.appendToStream('order-e', [event], { expectedRevision: 'no-stream' })).resolves.toMatchObject({ nextExpectedRevision: 0 });
        expect(await store.readStream('order-e')).toHaveLength(1);
      } finally {
        synced.mockRestore();
      }
    });
  });

  describe('retries, recognised as EventStoreDB recognises them (no event-id index)', () => {
    it('at a revision: only by the events right after it; at another revision the retry is a conflict', async () => {
      const store = open(':memory:');
      const [a, b, c] = [anEvent(), anEvent(), anEvent()];
      const first = await store.appendToStream('incident-1', [a], { expectedRevision: 'no-stream' });
      await store.appendToStream('incident-1', [b], { expectedRevision: 0 });
      await store.appendToStream('incident-1', [c], { expectedRevision: 1 });

      await expect(store.appendToStream('incident-1', [a], { expectedRevision: 'no-stream' })).resolves.toEqual(first);
      await expect(store.appendToStream('incident-1', [a], { expectedRevision: 0 })).rejects.toMatchObject({
        name: 'WrongExpectedRevisionError',
        actual: 2,
      });
      await expect(store.appendToStream('incident-1', [b, c], { expectedRevision: 0 })).resolves.toMatchObject({
        nextExpectedRevision: 2,
      });
      expect((await store.readStream('incident-1')).map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    });

    it('at a revision: a retry that the stream ends before it is complete throws DuplicateEventIdError', async () => {
      const store = open(':memory:');
      const [a, b] = [anEvent(), anEvent()];
      await store.appendToStream('incident-1', [a], { expectedRevision: 'no-stream' });

      await expect(store.appendToStream('incident-1', [a, b], { expectedRevision: 'no-stream' })).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );
      expect(await store.readStream('incident-1')).toHaveLength(1);
    });

    it('an append that meets its expected revision is not checked for ids (as in EventStoreDB)', async () => {
      const store = open(':memory:');
      const event = anEvent();
      await store.appendToStream('incident-1', [event], { expectedRevision: 'no-stream' });

      await expect(store.appendToStream('incident-1', [event], { expectedRevision: 0 })).resolves.toMatchObject({
        nextExpectedRevision: 1,
      });
    });

    it("with 'any' or 'stream-exists': among the stream's last 100 events", async () => {
      const store = open(':memory:');
      await store.appendToStream('incident-1', [anEvent()]);
      const events = [anEvent(), anEvent()];
      const first = await store.appendToStream('incident-1', events, { expectedRevision: 'stream-exists' });
      await store.appendToStream('incident-1', manyEvents(RECENT_EVENTS_CHECKED - events.length));

      await expect(store.appendToStream('incident-1', events, { expectedRevision: 'stream-exists' })).resolves.toEqual(first);
      await expect(store.appendToStream('incident-1', events)).resolves.toEqual(first);
      expect(await store.readStream('incident-1')).toHaveLength(1 + RECENT_EVENTS_CHECKED);
    });

    it("with 'any': a first attempt older than the last 100 events is not recognised, and its retry appends again", async () => {
      const store = open(':memory:');
      const events = [anEvent(), anEvent()];
      await store.appendToStream('incident-1', events);
      await store.appendToStream('incident-1', manyEvents(RECENT_EVENTS_CHECKED));

      const retry = await store.appendToStream('incident-1', events);

      expect(retry.nextExpectedRevision).toBe(events.length + RECENT_EVENTS_CHECKED + events.length - 1);
    });

    it("with 'any': a first attempt partly older than the last 100 events makes its retry a DuplicateEventIdError", async () => {
      const store = open(':memory:');
      const events = [anEvent(), anEvent()];
      await store.appendToStream('incident-1', events);
      await store.appendToStream('incident-1', manyEvents(RECENT_EVENTS_CHECKED - 1));

      await expect(store.appendToStream('incident-1', events)).rejects.toMatchObject({
        name: 'DuplicateEventIdError',
        eventId: events[1].id,
      });
      expect(await store.readStream('incident-1')).toHaveLength(RECENT_EVENTS_CHECKED + 1);
    });

    it("with 'any': an append larger than 100 events is looked for among as many events as it has", async () => {
      const store = open(':memory:');
      const events = manyEvents(250);
      const first = await store.appendToStream('incident-1', events);

      await expect(store.appendToStream('incident-1', events)).resolves.toEqual(first);
      expect(await store.readStream('incident-1')).toHaveLength(250);
    });

    it("with 'any': a partial or reordered reuse of recent ids throws DuplicateEventIdError and stores nothing", async () => {
      const store = open(':memory:');
      const [a, b, c] = [anEvent(), anEvent(), anEvent()];
      await store.appendToStream('incident-1', [a, b]);

      await expect(store.appendToStream('incident-1', [a, c])).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(store.appendToStream('incident-1', [c, a])).rejects.toMatchObject({ name: 'DuplicateEventIdError', eventId: a.id });
      await expect(store.appendToStream('incident-1', [b, c], { expectedRevision: 'stream-exists' })).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );
      expect((await store.readStream('incident-1')).map((e) => e.id)).toEqual([a.id, b.id]);
    });
  });

  it('stores a large append in order over several multi-row inserts and answers its last position', async () => {
    const store = open(databaseFile());
    await store.appendToStream('incident-0', [anEvent()]);
    const events = manyEvents(203);

    const result = await store.appendToStream('incident-1', events, { expectedRevision: 'no-stream' });
    const read = await store.readStream('incident-1');

    expect(read.map((e) => [e.id, e.revision, e.type, e.data])).toEqual(events.map((e, i) => [e.id, i, e.type, e.data]));
    expect(read.map((e) => e.position)).toEqual(read.map((_, i) => read[0].position + i));
    expect(result).toEqual({ nextExpectedRevision: 202, position: read[202].position });
    expect(await store.headPosition()).toBe(result.position);
  });

  it('drops the event-id index of a file made by an earlier version, keeping its events', async () => {
    const path = databaseFile();
    const earlier = new Database(path);
    earlier.exec(`
      CREATE TABLE es_events (
        position INTEGER PRIMARY KEY AUTOINCREMENT, stream_name TEXT NOT NULL, revision INTEGER NOT NULL,
        event_id TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX es_events_stream_revision ON es_events (stream_name, revision);
      CREATE UNIQUE INDEX es_events_stream_event_id ON es_events (stream_name, event_id);
    `);
    const event = anEvent();
    earlier
      .prepare('INSERT INTO es_events (stream_name, revision, event_id, type, data, metadata, recorded_at) VALUES (?, 0, ?, ?, ?, ?, ?)')
      .run('incident-1', event.id, event.type, JSON.stringify(event.data), '{}', new Date().toISOString());
    earlier.close();

    const store = open(path);

    const indexes = new Database(path, { readonly: true });
    try {
      const names = indexes.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'es_events'").pluck().all();
      expect(names).toEqual(['es_events_stream_revision']);
    } finally {
      indexes.close();
    }
    expect((await store.readStream('incident-1')).map((e) => e.id)).toEqual([event.id]);
    await expect(store.appendToStream('incident-1', [event], { expectedRevision: 'no-stream' })).resolves.toMatchObject({
      nextExpectedRevision: 0,
    });
    await expect(store.appendToStream('incident-1', [anEvent()], { expectedRevision: 0 })).resolves.toMatchObject({
      nextExpectedRevision: 1,
    });
  });

  it("wakes live subscriptions on this instance's own commits without waiting for the poll", async () => {
    const store = open(databaseFile(), 60_000);
    const received: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({}, async (events) => {
      received.push(...events);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));

    await store.appendToStream('incident-1', [anEvent()]);
    await waitFor(() => received.length === 1, 1_000);
    await subscription.stop();
  });

  describe('one file, several connections (as separate processes use it)', () => {
    it('a subscription on one instance sees appends made through another', async () => {
      const path = databaseFile();
      const writer = open(path);
      const reader = open(path, 20);
      const received: RecordedEvent[] = [];
      const subscription = reader.subscribeToAll({}, async (events) => {
        received.push(...events);
      });

      const event = anEvent();
      await writer.appendToStream('incident-1', [event]);
      await waitFor(() => received.length === 1);
      await subscription.stop();

      expect(received[0].id).toBe(event.id);
    });

    it('detects expected-revision conflicts and retries across instances', async () => {
      const path = databaseFile();
      const [first, second] = [open(path), open(path)];
      const events = [anEvent()];
      const original = await first.appendToStream('incident-1', events, { expectedRevision: 'no-stream' });

      const conflict = second.appendToStream('incident-1', [anEvent()], { expectedRevision: 'no-stream' });

      await expect(conflict).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 0 });
      await expect(second.appendToStream('incident-1', events, { expectedRevision: 'no-stream' })).resolves.toEqual(original);
      expect(await second.readStream('incident-1')).toHaveLength(1);
    });

    it("reads events after a stream's known head once another instance has appended them", async () => {
      const path = databaseFile();
      const [reader, writer] = [open(path), open(path)];
      await writer.appendToStream('user-1', [anEvent()]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await reader.readStream('user-1', { fromRevision: 1 })).toEqual([]);
      expect(await reader.readStream('user-1', { fromRevision: 1 })).toEqual([]);

      const later = anEvent();
      await writer.appendToStream('user-1', [later]);
      await new Promise((resolve) => setImmediate(resolve));
      expect((await reader.readStream('user-1', { fromRevision: 1 })).map((e) => e.id)).toEqual([later.id]);
      await reader.appendToStream('user-1', [anEvent()]);
      expect(await reader.readStream('user-1', { fromRevision: 2 })).toHaveLength(1);
      await expect(reader.readStream('user-2', { fromRevision: 5 })).rejects.toMatchObject({ name: 'StreamNotFoundError' });
    });

    it('reports a write lock held too long by another connection as unavailable', async () => {
      const path = databaseFile();
      const store = SqliteEventStore.open({ path, busyTimeoutMs: 50 });
      opened.push(store);
      const other = new Database(path);
      other.exec('BEGIN IMMEDIATE');
      try {
        await expect(store.appendToStream('incident-1', [anEvent()])).rejects.toBeInstanceOf(EventStoreUnavailableError);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      await expect(store.appendToStream('incident-1', [anEvent()])).resolves.toMatchObject({ nextExpectedRevision: 0 });
    });
  });

  describe('durability and lifecycle', () => {
    it('keeps events across reopening, in WAL mode', async () => {
      const path = databaseFile();
      const first = SqliteEventStore.open({ path });
      const event = anEvent();
      await first.appendToStream('incident-1', [event]);
      await first.close();

      const reopened = open(path);
      const journalMode = new Database(path, { readonly: true });
      try {
        expect(journalMode.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        journalMode.close();
      }
      expect((await reopened.readStream('incident-1')).map((e) => e.id)).toEqual([event.id]);
    });

    it('close() commits appends still queued, then refuses new work', async () => {
      const path = databaseFile();
      const store = SqliteEventStore.open({ path });

      const pending = store.appendToStream('incident-1', [anEvent()]);
      await store.close();

      await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 0 });
      await expect(store.appendToStream('incident-1', [anEvent()])).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readAll()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(await open(path).readStream('incident-1')).toHaveLength(1);
    });

    it('close() stops live subscriptions', async () => {
      const store = SqliteEventStore.open({ path: ':memory:' });
      const subscription = store.subscribeToAll({}, async () => undefined);

      await store.close();

      await expect(subscription.done).resolves.toBeUndefined();
    });
  });
});

function anEvent(): EventData {
  return { id: randomUUID(), type: 'SomethingHappened', data: { value: randomUUID() } };
}

function manyEvents(count: number): EventData[] {
  return Array.from({ length: count }, () => anEvent());
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
