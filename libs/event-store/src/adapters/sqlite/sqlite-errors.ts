import Database from 'better-sqlite3';
import { EventStoreUnavailableError } from '../../event-store';

/** SQLite failures (busy, locked, full, I/O) are the store being unavailable to the caller; anything else passes through. */
export function translateSqliteError(error: unknown): unknown {
  if (error instanceof Database.SqliteError) {
    return new EventStoreUnavailableError(`SQLite event store failed: ${error.message} (${error.code})`, error);
  }
  return error;
}

