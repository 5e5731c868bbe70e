import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  DuplicateEventIdError,
  EventData,
  EventStoreUnavailableError,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../../event-store';
import { runEventStoreContract } from '../../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store.adapter';

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
  });

  it('rolls back every event of an append refused halfway through', async () => {
    const store = open(':memory:');
    const [a, b, c] = [anEvent(), anEvent(), anEvent()];
    await store.appendToStream('incident-1', [a, b]);

    await expect(store.appendToStream('incident-1', [c, a])).rejects.toBeInstanceOf(DuplicateEventIdError);

    expect((await store.readStream('incident-1')).map((e) => e.id)).toEqual([a.id, b.id]);
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

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
