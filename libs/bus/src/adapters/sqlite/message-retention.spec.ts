import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MessageRetention } from './message-retention';
import { openBusDatabase } from './sqlite-bus.schema';
import { SqliteBusStore } from './sqlite-bus.store';
import { SqliteBus } from './sqlite-bus.adapter';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

describe('removing messages every active group has read', () => {
  let dir: string;
  let db: Database.Database;
  let store: SqliteBusStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bus-retention-'));
    db = openBusDatabase(join(dir, 'bus.sqlite'));
    store = new SqliteBusStore(db, 1);
    store.append([{ topic: 'jobs', messages: Array.from({ length: 12_000 }, (_, n) => ({ key: `k${n}`, value: '{}', headers: '{}' })) }]);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A group at a position, last committed at `committedAt`, with a member heartbeating until `memberUntil` if given. */
  function group(name: string, position: number, committedAt: number, memberUntil?: number): void {
    store.initGroup(name, 'jobs', true);
    db.prepare('UPDATE bus_offsets SET next_position = ?, committed_at = ? WHERE grp = ?').run(position, committedAt, name);
    if (memberUntil !== undefined) db.prepare('INSERT INTO bus_members (grp, topic, member, joined_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(name, 'jobs', `${name}-1`, committedAt, memberUntil);
  }
  const kept = () => db.prepare<[], { n: number; lowest: number | null }>('SELECT COUNT(*) AS n, MIN(position) AS lowest FROM bus_messages').get()!;

  it('removes what the slowest active group has read, and nothing it has not', () => {
    group('fast', 12_000, NOW - 1_000);
    group('slow', 11_000, NOW - DAY);
    expect(new MessageRetention(db).sweep(NOW)).toBe(11_000);
    expect(kept()).toEqual({ n: 1_000, lowest: 11_000 });
    expect(new MessageRetention(db).sweep(NOW)).toBe(0);
  });

  it('removes at most four steps of 5,000 a sweep, and the next sweep goes on', () => {
    store.append([{ topic: 'jobs', messages: Array.from({ length: 18_000 }, (_, n) => ({ key: `more${n}`, value: '{}', headers: '{}' })) }]);
    group('fast', 30_000, NOW - 1_000);
    const retention = new MessageRetention(db);
    expect(retention.sweep(NOW)).toBe(20_000);
    expect(retention.sweep(NOW)).toBe(10_000);
    expect(kept().n).toBe(0);
  });

  it('lets a group gone for longer than the idle time (no member, no commit) stop holding messages back', () => {
    group('fast', 12_000, NOW - 1_000);
    group('gone', 0, NOW - 8 * DAY, NOW - 8 * DAY);
    expect(new MessageRetention(db).sweep(NOW)).toBe(12_000);
    expect(kept().n).toBe(0);
  });

  it('keeps what an idle group with a live member has not read, however long since it committed', () => {
    group('fast', 12_000, NOW - 1_000);
    group('idle', 3_000, NOW - 30 * DAY, NOW + 5_000);
    expect(new MessageRetention(db).sweep(NOW)).toBe(3_000);
    expect(kept().lowest).toBe(3_000);
  });

  it('keeps every message of a topic no active group reads', () => {
    group('gone', 12_000, NOW - 8 * DAY);
    expect(new MessageRetention(db).sweep(NOW)).toBe(0);
    expect(kept().n).toBe(12_000);
  });
});

describe('a bus file made before groups\' commit times were kept', () => {
  it('gets the column, every group counted as committing when the file is opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-retention-'));
    const path = join(dir, 'bus.sqlite');
    try {
      const old = new Database(path);
      old.exec(`CREATE TABLE bus_offsets (grp TEXT NOT NULL, topic TEXT NOT NULL, partition_no INTEGER NOT NULL, next_position INTEGER NOT NULL, PRIMARY KEY (grp, topic, partition_no)) WITHOUT ROWID;
                INSERT INTO bus_offsets VALUES ('dispatch', 'jobs', 0, 42);`);
      old.close();
      const before = Date.now();
      const bus = SqliteBus.open({ path });
      await bus.close();
      const reopened = new Database(path, { readonly: true });
      const row = reopened.prepare<[], { next_position: number; committed_at: number }>('SELECT next_position, committed_at FROM bus_offsets').get()!;
      reopened.close();
      expect(row.next_position).toBe(42);
      expect(row.committed_at).toBeGreaterThanOrEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a running bus removes what its groups have read on its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-retention-'));
    const bus = SqliteBus.open({ path: join(dir, 'bus.sqlite'), partitions: 1, retentionIntervalMs: 3_600_000, idleGroupMs: DAY });
    try {
      await bus.publishBatch('jobs', Array.from({ length: 50 }, (_, n) => ({ key: `k${n}`, value: { n } })));
      let seen = 0;
      const consumer = await bus.consumeBatch('jobs', 'dispatch', async (messages) => void (seen += messages.length), { fromBeginning: true });
      const deadline = Date.now() + 10_000;
      while (seen < 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toBe(50);
      // The commit follows the batch: give it a moment, then sweep by hand (the timer runs hourly here).
      let removed = 0;
      while (removed === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        removed += bus.removeRead();
      }
      expect(removed).toBe(50);
      await consumer.stop();
    } finally {
      await bus.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
