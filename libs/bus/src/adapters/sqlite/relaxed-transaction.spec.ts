import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { relaxedTransaction } from './relaxed-transaction';
import { openBusDatabase } from './sqlite-bus.schema';

const FULL = 2;
const NORMAL = 1;

describe('relaxed transaction', () => {
  it('commits without waiting for the disk, and leaves the connection syncing every other commit, also after a failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'beacon-bus-relaxed-'));
    const db = openBusDatabase(join(dir, 'bus.sqlite'));
    try {
      const synchronous = () => db.pragma('synchronous', { simple: true });
      expect(synchronous()).toBe(FULL);
      const inside = relaxedTransaction(db, () => {
        db.prepare("INSERT INTO bus_topics (topic, partitions) VALUES ('t', 1)").run();
        return synchronous();
      });
      expect([inside, synchronous()]).toEqual([NORMAL, FULL]);
      expect(() =>
        relaxedTransaction(db, () => {
          db.prepare("INSERT INTO bus_topics (topic, partitions) VALUES ('u', 1)").run();
          throw new Error('the work failed');
        }),
      ).toThrow('the work failed');
      expect(synchronous()).toBe(FULL);
      expect(db.prepare('SELECT topic FROM bus_topics ORDER BY topic').pluck().all()).toEqual(['t']);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
