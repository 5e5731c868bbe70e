import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const IN_MEMORY = ':memory:';

// Tables carry an `es_` prefix because the embedded read store and bus share the same SQLite file.
// Event ids are unique per stream, as the port and EventStoreDB define them. Keyed by stream, the id index takes
// a batch's ids into a few adjacent pages; a global index on random UUIDs dirtied a page per event and halved
// batch throughput.
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
  CREATE UNIQUE INDEX IF NOT EXISTS es_events_stream_event_id ON es_events (stream_name, event_id);
`;

/**
 * Opens (creating if needed) the event tables in `path`.
 * - WAL lets readers (including other processes) run beside the single writer;
 * - synchronous = FULL fsyncs the WAL on every commit, so an acknowledged append survives kill -9 and power loss;
 * - the busy timeout makes a writer wait for another process's transaction instead of failing at once;
 * - journal_size_limit stops the WAL file from staying at its high-water mark after a burst.
 */
export function openDatabase(path: string, busyTimeoutMs: number): Database.Database {
  if (path !== IN_MEMORY) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: busyTimeoutMs });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('journal_size_limit = 67108864');
  db.exec(SCHEMA);
  return db;
}
