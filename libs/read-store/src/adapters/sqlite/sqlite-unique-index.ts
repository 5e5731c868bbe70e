import { createHash } from 'node:crypto';
import { DuplicateKeyError, IndexSpec, ReadStoreError, ReadStoreUnavailableError } from '../../read-store';
import type { Statements } from './sqlite-schema';

const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** SQL index names are global to the file, so they are derived from (collection, name). */
export function sqlIndexName(collection: string, name: string): string {
  return `read_store_ux_${createHash('sha1').update(`${collection}\n${name}`).digest('hex').slice(0, 24)}`;
}

/**
 * A unique index is a partial expression index over one collection, led by tenant so uniqueness
 * is per tenant. `->` yields each value's JSON text, so 1, "1" and true stay distinct as in
 * MongoDB, and a missing field reads as null and collides with another null, as in MongoDB.
 * Paths were validated as plain dotted identifiers, so they need no quoting in the JSON path.
 */
export function createUniqueIndexSql(collection: string, spec: IndexSpec, sqlName: string): string {
  const keys = Object.keys(spec.keys).map((path) => `coalesce(body -> '$.${path}', 'null')`);
  return `CREATE UNIQUE INDEX IF NOT EXISTS "${sqlName}" ON read_store_docs (tenant, ${keys.join(', ')})
    WHERE collection = ${quote(collection)}`;
}

interface SqliteError extends Error {
  readonly code: string;
}

function isSqliteError(error: unknown): error is SqliteError {
  return error instanceof Error && typeof (error as Partial<SqliteError>).code === 'string';
}

/** Maps SQLite failures onto the port's errors; `collection` names the collection being written. */
export function translateSqliteError(error: unknown, statements: Statements, collection: string): unknown {
  if (error instanceof ReadStoreError || !isSqliteError(error)) return error;
  if (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new DuplicateKeyError(collection, '_id');
  if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
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
