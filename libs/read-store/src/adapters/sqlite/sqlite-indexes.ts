import { createHash } from 'node:crypto';
import { DuplicateKeyError, IndexSpec, ReadStoreError, ReadStoreUnavailableError } from '../../read-store';
import { fieldKey, ID_KEY, keySegments } from './sqlite-keys';
import type { Statements } from './sqlite-schema';
import { collectionTable, quoteIdentifier, type SqliteTables } from './sqlite-tables';

const digest = (text: string): string => createHash('sha1').update(text).digest('hex').slice(0, 24);

/** SQL index names are global to the file, so they are derived from (collection, name). */
export function sqlIndexName(collection: string, name: string): string {
  return `read_store_ix_${digest(`${collection}\n${name}`)}`;
}

/**
 * A unique index is an expression index on the collection's table, led by tenant so uniqueness
 * is per tenant. `->` yields each value's JSON text, so 1, "1" and true stay distinct as in
 * MongoDB, and a missing field reads as null and collides with another null, as in MongoDB.
 */
export function createUniqueIndexSql(collection: string, spec: IndexSpec, sqlName: string): string {
  const keys = Object.keys(spec.keys).map((path) => `coalesce(body -> '$.${path}', 'null')`);
  return `CREATE UNIQUE INDEX IF NOT EXISTS "${sqlName}" ON ${quoteIdentifier(collectionTable(collection))} (tenant, ${keys.join(', ')})`;
}

/**
 * How query indexes are laid out; a file whose indexes were made otherwise has them made again.
 * 3: each index is on its collection's own table, whole (not partial), and ends with `id`.
 */
export const QUERY_INDEX_LAYOUT = 3;

/**
 * A query index holds each field's key (sqlite-keys), the expression the translated filters and
 * sorts use, so SQLite picks it for them; then the keys of the included fields, then `id`, so that
 * paging in key order is stable and a count or an `_id` lookup on its keys reads the index alone.
 */
export function createQueryIndexSql(collection: string, spec: IndexSpec, sqlName: string): string {
  const columns = Object.entries(spec.keys).map(([path, direction]) => {
    const key = path === '_id' ? ID_KEY : fieldKey(keySegments(path));
    return direction === -1 ? `${key} DESC` : key;
  });
  for (const path of spec.include ?? []) columns.push(fieldKey(keySegments(path)));
  if (!('_id' in spec.keys)) columns.push(ID_KEY);
  return `CREATE INDEX IF NOT EXISTS "${sqlName}" ON ${quoteIdentifier(collectionTable(collection))} (tenant, ${columns.join(', ')})`;
}

interface SqliteError extends Error {
  readonly code: string;
}

/**
 * better-sqlite3's errors, by shape: the driver hands its native part one error class, once per
 * process, so where several module realms load the driver (a test runner's sandboxes) its errors
 * need not be `instanceof` this realm's Error.
 */
function isSqliteError(error: unknown): error is SqliteError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as Partial<SqliteError>;
  return typeof code === 'string' && typeof message === 'string';
}

/** A second document with a tenant's id in a collection's table; the message names the table. */
const DUPLICATE_ID = /constraint failed: (\w+)\.tenant, \1\.id$/;

/** Maps SQLite failures onto the port's errors; `collection` names the collection being written ('' for a projection batch). */
export function translateSqliteError(error: unknown, statements: Statements, tables: SqliteTables, collection: string): unknown {
  if (error instanceof ReadStoreError || !isSqliteError(error)) return error;
  if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const table = DUPLICATE_ID.exec(error.message)?.[1];
    if (table) return new DuplicateKeyError(tables.collectionOf(table) ?? collection, '_id');
    const sqlName = /index '([^']+)'/.exec(error.message)?.[1];
    const index = sqlName ? statements.selectIndexBySqlName.get(sqlName) : undefined;
    return index ? new DuplicateKeyError(index.collection, index.name) : new DuplicateKeyError(collection, 'unique index');
  }
  if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') {
    return new ReadStoreUnavailableError('The read store database is busy', error);
  }
  return error;
}

export function dropIndexSql(sqlName: string): string {
  return `DROP INDEX IF EXISTS "${sqlName}"`;
}
