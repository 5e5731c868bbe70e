import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { DuplicateKeyError, IndexSpec, ReadStoreError, ReadStoreUnavailableError } from '../../read-store';
import { fieldKey, holdsArraySql, ID_KEY, pathSegments } from './sqlite-keys';
import type { Statements } from './sqlite-schema';
import { collectionTable, quote, quoteIdentifier, type SqliteTables } from './sqlite-tables';

const digest = (text: string): string => createHash('sha1').update(text).digest('hex').slice(0, 24);

/** SQL index names are global to the file, so they are derived from (collection, name). */
export function sqlIndexName(collection: string, name: string): string {
  return `read_store_ix_${digest(`${collection}\n${name}`)}`;
}

/** Index keys were validated as plain dotted identifiers, so every one has segments. */
const keySegments = (path: string): string[] => pathSegments(path) ?? [path];

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

/**
 * Keeps `read_store_paths` saying whether any document of the collection has an array along `path`.
 * Filters on a path that never held one compare its key directly (an index serves that); the
 * others also look into arrays as MongoDB does. The flag is sticky: it is set by the write that
 * brings the first array, in that write's transaction, and never cleared, which can only cost speed.
 */
export function trackPathSql(collection: string, path: string): string {
  const table = quoteIdentifier(collectionTable(collection));
  const triggers = pathTriggers(collection, path).map(({ sql }) => `${sql.replace(/^CREATE TRIGGER /, 'CREATE TRIGGER IF NOT EXISTS ')};`);
  return `
    INSERT INTO read_store_paths (collection, path, has_arrays)
      SELECT ${quote(collection)}, ${quote(path)}, EXISTS (SELECT 1 FROM ${table} WHERE ${holdsArraySql(keySegments(path), 'body')})
      WHERE NOT EXISTS (SELECT 1 FROM read_store_paths WHERE collection = ${quote(collection)} AND path = ${quote(path)});
    ${triggers.join('\n    ')}`;
}

/**
 * The triggers that set a tracked path's flag, each as SQLite keeps its text in sqlite_master. Their
 * condition is checked on every write of the collection, so it is the cheapest exact one (holdsArraySql).
 */
function pathTriggers(collection: string, path: string): { name: string; sql: string }[] {
  const name = `read_store_tp_${digest(`${collection}\n${path}`)}`;
  const holdsArray = holdsArraySql(keySegments(path), 'NEW.body');
  const flag = `UPDATE read_store_paths SET has_arrays = 1 WHERE collection = ${quote(collection)} AND path = ${quote(path)} AND has_arrays = 0;`;
  const table = quoteIdentifier(collectionTable(collection));
  return [
    { name: `${name}_i`, sql: `CREATE TRIGGER "${name}_i" AFTER INSERT ON ${table} WHEN ${holdsArray} BEGIN ${flag} END` },
    { name: `${name}_u`, sql: `CREATE TRIGGER "${name}_u" AFTER UPDATE OF body ON ${table} WHEN ${holdsArray} BEGIN ${flag} END` },
  ];
}

/**
 * Path-tracking triggers made with an earlier condition (the whole key compared with the array tag,
 * which means the same and costs more) are made again as pathTriggers makes them now. Run at open.
 */
export function refreshPathTriggers(db: Database.Database): void {
  const existing = new Map(
    db
      .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'read_store_tp_*'")
      .all()
      .map(({ name, sql }) => [name, sql]),
  );
  if (existing.size === 0) return;
  const tracked = db.prepare<[], { collection: string; path: string }>('SELECT collection, path FROM read_store_paths').all();
  for (const { collection, path } of tracked) {
    for (const { name, sql } of pathTriggers(collection, path)) {
      const current = existing.get(name);
      if (current === undefined || current === sql) continue;
      db.exec(`DROP TRIGGER "${name}"; ${sql};`);
    }
  }
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
