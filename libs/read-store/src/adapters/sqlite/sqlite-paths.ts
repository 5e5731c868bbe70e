import type Database from 'better-sqlite3';
import type { Document } from '../../read-store';
import { holdsArraySql, keySegments } from './sqlite-keys';
import { collectionTable, quote, quoteIdentifier } from './sqlite-tables';

/**
 * `read_store_paths` says, per collection and indexed path, whether any document ever held an array
 * along the path. Filters on a path that never did compare its key directly (an index serves that);
 * the others also look into arrays as MongoDB does. The flag is sticky: it is set by the write that
 * brings the first array, in that write's transaction, and never cleared, so a flag set too eagerly
 * only costs speed while a missed one gives wrong answers.
 *
 * Starting to track a path scans the collection once (this statement, in ensureIndexes' transaction);
 * from then on every write checks the documents it stores (TrackedPaths), which it has in memory.
 */
export function trackPathSql(collection: string, path: string): string {
  const table = quoteIdentifier(collectionTable(collection));
  return `
    INSERT INTO read_store_paths (collection, path, has_arrays)
      SELECT ${quote(collection)}, ${quote(path)}, EXISTS (SELECT 1 FROM ${table} WHERE ${holdsArraySql(keySegments(path), 'body')})
      WHERE NOT EXISTS (SELECT 1 FROM read_store_paths WHERE collection = ${quote(collection)} AND path = ${quote(path)})`;
}

/**
 * Files made before the writes tracked paths have two triggers per tracked path (`read_store_tp_*`) on
 * the collection's table; they go at open. The flags they kept stay: they were exact.
 */
export function dropPathTriggers(db: Database.Database): void {
  const triggers = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'read_store_tp_*'").pluck().all();
  for (const trigger of triggers) db.exec(`DROP TRIGGER ${quoteIdentifier(trigger)}`);
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

/** A value as JSON.stringify writes it (a Date as its text, say), for the documents that are not plain JSON. */
function asJson(value: unknown, key: string): unknown {
  const toJSON = typeof value === 'object' && value !== null ? (value as { toJSON?: unknown }).toJSON : undefined;
  return typeof toJSON === 'function' ? (toJSON as (key: string) => unknown).call(value, key) : value;
}

/**
 * holdsArraySql in memory, on the document as JSON.stringify stores it: an array at the path or at any
 * path it runs through. What lies past an array is not looked at, as a JSON path does not look into one.
 */
export function holdsArray(document: Document, segments: readonly string[]): boolean {
  let value = asJson(document, '');
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !isEnumerable.call(value, segment)) return false;
    value = asJson((value as Record<string, unknown>)[segment], segment);
    if (Array.isArray(value)) return true;
  }
  return false;
}

interface UnflaggedPath {
  readonly path: string;
  readonly segments: readonly string[];
}

/**
 * Sets the flags of `read_store_paths` from the writes: each document a write stores is checked, in
 * the write's transaction, against its collection's tracked paths whose flag is still 0.
 *
 * Those paths are kept in memory per collection. Another connection (another process, or another
 * store on the same file) may have started tracking a path or set a flag since they were read: a path
 * this connection does not know of would miss its flag. So each write transaction first asks SQLite
 * whether anyone else committed to the file since (`PRAGMA data_version`, which holds inside the
 * IMMEDIATE transaction, where nobody else can write) and reads the paths again if so. This
 * connection's own changes are made to the kept paths as they happen (a flag set, a path tracked), and a
 * transaction that does not commit drops them all, since what it set is undone.
 */
export class TrackedPaths {
  /** collection → its tracked paths whose flag is 0, as of `version` plus this connection's own writes. */
  private readonly unflagged = new Map<string, UnflaggedPath[]>();
  private version: number | null = null;
  /** Whether the transaction under way has compared `version` with the file's. */
  private checked = false;
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly selectUnflagged: Database.Statement<[collection: string], string>;
  private readonly flag: Database.Statement<[collection: string, path: string]>;

  constructor(db: Database.Database) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.selectUnflagged = db.prepare<[string], string>('SELECT path FROM read_store_paths WHERE collection = ? AND has_arrays = 0').pluck();
    this.flag = db.prepare<[string, string]>('UPDATE read_store_paths SET has_arrays = 1 WHERE collection = ? AND path = ? AND has_arrays = 0');
  }

  /** A write transaction begins. */
  begin(): void {
    this.checked = false;
  }

  /** A document the transaction under way stores in `collection` (inserted or replacing one). */
  written(collection: string, document: Document): void {
    const paths = this.unflaggedOf(collection);
    for (let i = paths.length - 1; i >= 0; i--) {
      const { path, segments } = paths[i]!;
      if (!holdsArray(document, segments)) continue;
      this.flag.run(collection, path);
      paths.splice(i, 1);
    }
  }

  /** The transaction under way started tracking paths of `collection`: they are read again. */
  tracked(collection: string): void {
    this.unflagged.delete(collection);
  }

  /** The transaction under way did not commit: the flags it set are unset again, so nothing kept is trusted. */
  discard(): void {
    this.unflagged.clear();
    this.version = null;
  }

  private unflaggedOf(collection: string): UnflaggedPath[] {
    if (!this.checked) {
      const version = this.dataVersion.get()!;
      if (version !== this.version) {
        this.unflagged.clear();
        this.version = version;
      }
      this.checked = true;
    }
    let paths = this.unflagged.get(collection);
    if (paths === undefined) {
      paths = this.selectUnflagged.all(collection).map((path) => ({ path, segments: keySegments(path) }));
      this.unflagged.set(collection, paths);
    }
    return paths;
  }
}
