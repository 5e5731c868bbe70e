import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * Makes the WAL of a SQLite file durable on the disk: fdatasync of its `-wal` file, which is what
 * `synchronous = FULL` does at the end of every commit. The store commits with `synchronous = NORMAL`
 * and calls this itself right after, so that between the two (when a commit already survives the
 * process's death, being in the kernel's cache, but not yet a power loss) it can run the hooks that
 * must follow the commit with no I/O in between. The sync runs off the event loop: what a hook set
 * going (a socket write queued on the next tick) goes out while the disk works, not after it. In memory
 * there is nothing to sync.
 */
export class WalSync {
  private fd: number | undefined;

  constructor(private readonly databasePath: string | null) {}

  /** Resolves once the WAL is on the disk; undefined when there is no file to sync. */
  sync(): Promise<void> | undefined {
    if (this.databasePath === null) return undefined;
    // The WAL exists once the first commit is written, and stays (truncated at most) while the database is open.
    const fd = (this.fd ??= openSync(`${this.databasePath}-wal`, 'r'));
    return new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
  }

  /** Call only once no sync is under way (the store's queue has drained). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
