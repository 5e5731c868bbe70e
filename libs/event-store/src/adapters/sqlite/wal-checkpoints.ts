import type Database from 'better-sqlite3';

/** About what SQLite's own automatic checkpoint waits for (1,000 pages of 4 KiB). */
export const CHECKPOINT_AFTER_BYTES = 4 * 1024 * 1024;

/**
 * The event store's WAL checkpoints, made by the store between batches instead of by SQLite inside a
 * commit. SQLite's automatic checkpoint runs in the COMMIT of the transaction that crosses its threshold,
 * after the commit is written and before the call returns: two fsyncs, tens of milliseconds in which a
 * commit already survives the process's death while the hooks that must follow it (a message let go to
 * its provider once its handover is recorded) have not run. A kill there leaves a handover recorded for
 * a message that never left. So the store's connection turns it off (`wal_autocheckpoint = 0`) and calls
 * `afterBatch` once a batch is durable and acknowledged: a PASSIVE checkpoint once about
 * CHECKPOINT_AFTER_BYTES have been written since the last one (it never waits for readers, and what it
 * could not copy is copied next time).
 */
export class WalCheckpoints {
  private written = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly afterBytes = CHECKPOINT_AFTER_BYTES,
  ) {
    db.pragma('wal_autocheckpoint = 0');
  }

  /** A batch wrote about this many bytes. */
  wrote(bytes: number): void {
    this.written += bytes;
  }

  /** Between batches: checkpoints when enough was written since the last one. */
  afterBatch(): void {
    if (this.written < this.afterBytes || !this.db.open) return;
    this.written = 0;
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }
}
