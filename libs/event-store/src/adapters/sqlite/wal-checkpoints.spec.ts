import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { WalCheckpoints } from './wal-checkpoints';

const MB = 1024 * 1024;

describe('WalCheckpoints', () => {
  let dir: string;
  let db: Database.Database;
  const walBytes = () => statSync(`${join(dir, 'events.db')}-wal`).size;
  /** A transaction writing about a megabyte. */
  const writeMegabyte = () => db.prepare('INSERT INTO blobs (body) VALUES (?)').run('x'.repeat(MB));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
    db = new Database(join(dir, 'events.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns SQLite’s own checkpoint off, so no commit runs one: the WAL grows until the store checkpoints', () => {
    new WalCheckpoints(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    for (let i = 0; i < 8; i++) writeMegabyte();
    expect(walBytes()).toBeGreaterThan(8 * MB);
  });

  it('checkpoints between batches once about 4 MB were written since the last one, so the WAL is reused', () => {
    const checkpoints = new WalCheckpoints(db);
    for (let i = 0; i < 12; i++) {
      writeMegabyte();
      checkpoints.wrote(MB);
      checkpoints.afterBatch();
    }
    // Copied back every 4 MB and started again from its beginning: never much over 4 MB, not 12.
    expect(walBytes()).toBeLessThan(6 * MB);
    expect((db.prepare('SELECT COUNT(*) AS n FROM blobs').get() as { n: number }).n).toBe(12);
  });

  it('does nothing before enough was written, nor once the database is closed', () => {
    const checkpoints = new WalCheckpoints(db, 10 * MB);
    for (let i = 0; i < 6; i++) {
      writeMegabyte();
      checkpoints.wrote(MB);
      checkpoints.afterBatch();
    }
    expect(walBytes()).toBeGreaterThan(6 * MB);
    checkpoints.wrote(10 * MB);
    db.close();
    expect(() => checkpoints.afterBatch()).not.toThrow();
    db = new Database(join(dir, 'events.db'));
  });
});
