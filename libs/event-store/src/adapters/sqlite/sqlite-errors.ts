import { EventStoreUnavailableError } from '../../event-store';

/**
 * better-sqlite3's errors, by name: the driver hands its native part one error class, once per
 * process, so where several module realms load the driver (a test runner's sandboxes) its errors
 * need not be `instanceof` this realm's `SqliteError`.
 */
export function isSqliteError(error: unknown): error is Error & { readonly code: string } {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'SqliteError';
}

/** SQLite failures (busy, locked, full, I/O) are the store being unavailable to the caller; anything else passes through. */
export function translateSqliteError(error: unknown): unknown {
  if (isSqliteError(error)) {
    return new EventStoreUnavailableError(`SQLite event store failed: ${error.message} (${error.code})`, error);
  }
  return error;
}

