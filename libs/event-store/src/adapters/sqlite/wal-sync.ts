import { closeSync, fdatasyncSync, openSync } from 'node:fs';

/**
 * Makes the WAL of a SQLite file durable on the disk: fdatasync of its `-wal` file, which is what
 * `synchronous = FULL` does at the end of every commit. The store commits with `synchronous = NORMAL`
 * and calls this itself right after, so that between the two (when a commit already survives the
 * process's death, being in the kernel's cache, but not yet a power loss) it can run the hooks that
 * must follow the commit with no I/O in between. In memory there is nothing to sync.
 */
export class WalSync {
  private fd: number | undefined;

  constructor(private readonly databasePath: string | null) {}

  sync(): void {
    if (this.databasePath === null) return;
    // The WAL exists once the first commit is written, and stays (truncated at most) while the database is open.
    this.fd ??= openSync(`${this.databasePath}-wal`, 'r');
    fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
