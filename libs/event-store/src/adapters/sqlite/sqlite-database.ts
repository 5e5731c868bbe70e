import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const IN_MEMORY = ':memory:';

// Tables carry an `es_` prefix because the embedded read store and bus share the same SQLite file.
// The only index is the (stream, revision) key, which an append extends at one place. There is no event-id index:
// retries are recognised by reading the stream by revision, as EventStoreDB does (see SqliteAppendWriter), and an
// index on random UUIDs dirtied about one page per event, which cost more than half of batch throughput on long
// streams. Files made before drop it on open.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS es_events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_name TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    event_id    TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS es_events_stream_revision ON es_events (stream_name, revision);
  DROP INDEX IF EXISTS es_events_stream_event_id;
`;

/**
 * Opens (creating if needed) the event tables in `path`.
 * - WAL lets readers (including other processes) run beside the single writer;
 * - synchronous = NORMAL writes each commit to the WAL without an fsync: once written it survives the process's
 *   death (kill -9), and the store syncs the WAL itself right after (WalSync), before any append is acknowledged,
 *   so an acknowledged append also survives power loss, as with FULL. Between the two it runs the commit's hooks;
 * - the busy timeout makes a writer wait for another process's transaction instead of failing at once;
 * - journal_size_limit stops the WAL file from staying at its high-water mark after a burst.
 */
export function openDatabase(path: string, busyTimeoutMs: number): Database.Database {
  if (path !== IN_MEMORY) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: busyTimeoutMs });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('journal_size_limit = 67108864');
  db.exec(SCHEMA);
  return db;
}
