/**
 * The most statements one write command carries. FerretDB 1.x (a MongoDB stand-in) keeps each update
 * statement's cursor, and a connection with it, until the whole command ends, and its SQLite backend
 * has 100 connections: one command of 100 upserts waits forever for a connection of its own, and the
 * server's other callers wait behind it (docs/ferretdb.md). MongoDB splits commands itself, at 100,000
 * statements; at 50, a batch of 100,000 documents costs 2,000 round trips, a second or so.
 */
export const STATEMENTS_PER_WRITE = 50;

/** The operations in commands of at most STATEMENTS_PER_WRITE, one after the other, in order. */
export async function inWriteCommands<T>(operations: readonly T[], write: (command: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < operations.length; start += STATEMENTS_PER_WRITE) {
    await write(operations.slice(start, start + STATEMENTS_PER_WRITE));
  }
}
