import type Database from 'better-sqlite3';

/** Answers kept at most; the least recently used leave first. */
const DEFAULT_CAPACITY = 2_000;
/** Documents kept at most over all answers, so that memory stays bounded whatever the page sizes. */
const DEFAULT_MAX_DOCUMENTS = 50_000;

interface Entry {
  readonly collection: string;
  readonly value: unknown;
  readonly documents: number;
}

export interface SqliteReadCacheOptions {
  /** Answers kept at most; 0 keeps none. */
  readonly capacity?: number;
  readonly maxDocuments?: number;
}

/**
 * The answers of recent finds and counts, so that the same read (a token's record, a user's group,
 * the first page of a list) repeated by many callers costs a lookup instead of SQL and JSON parsing.
 *
 * Never stale: this connection's own writes drop the answers of the collections they touch, and a
 * commit by any other connection to the file (the event store's, another process's) changes
 * SQLite's `data_version`, checked on every read, which drops everything. Answers are deeply frozen,
 * so that no caller can change what the next caller gets.
 */
export class SqliteReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByCollection = new Map<string, Set<string>>();
  private readonly dataVersion: Database.Statement<[], number>;
  private seenVersion: number;
  /** Set while the current synchronous run has checked `data_version` (see checkOtherWriters). */
  private checkedThisRun = false;
  private documents = 0;
  private readonly capacity: number;
  private readonly maxDocuments: number;

  constructor(
    private readonly db: Database.Database,
    options: SqliteReadCacheOptions = {},
  ) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get()!;
    this.capacity = options.capacity ?? DEFAULT_CAPACITY;
    this.maxDocuments = options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS;
  }

  /** The kept answer for `key`, or `load()`'s, kept when it is safe to keep. */
  read<R>(collection: string, key: string, load: () => R): R {
    // Inside a transaction the answer may include this transaction's own uncommitted writes.
    if (this.capacity === 0 || this.db.inTransaction) return load();
    this.checkOtherWriters();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as R;
    }
    const value = deepFreeze(load());
    this.remember(collection, key, value);
    return value;
  }

  /** Drops the answers of collections this connection has just written to. */
  invalidate(collections: Iterable<string>): void {
    for (const collection of collections) {
      const keys = this.keysByCollection.get(collection);
      if (!keys) continue;
      for (const key of keys) this.drop(key);
      this.keysByCollection.delete(collection);
    }
  }

  clear(): void {
    this.entries.clear();
    this.keysByCollection.clear();
    this.documents = 0;
  }

  /**
   * Once per synchronous run of the event loop: reads in one run (a Promise.all of lookups) happen
   * together, and another connection's commit during it is one they may order themselves before.
   */
  private checkOtherWriters(): void {
    if (this.checkedThisRun) return;
    this.checkedThisRun = true;
    queueMicrotask(() => (this.checkedThisRun = false));
    const version = this.dataVersion.get()!;
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.clear();
  }

  private remember(collection: string, key: string, value: unknown): void {
    const documents = Array.isArray(value) ? value.length : 1;
    if (documents > this.maxDocuments) return;
    this.entries.set(key, { collection, value, documents });
    this.documents += documents;
    let keys = this.keysByCollection.get(collection);
    if (!keys) this.keysByCollection.set(collection, (keys = new Set()));
    keys.add(key);
    while (this.entries.size > this.capacity || this.documents > this.maxDocuments) {
      this.drop(this.entries.keys().next().value as string);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.documents -= entry.documents;
    this.keysByCollection.get(entry.collection)?.delete(key);
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

const MARK = '\u0000';

/**
 * Reads named by a longer key are not kept: a filter with thousands of ids (a message's chosen
 * users, who is on call) would otherwise keep its key's size for each answer, whose own size is a number.
 */
export const READ_CACHE_KEY_MAX_LENGTH = 8 * 1024;

/**
 * The cache key of a read, or null when the read cannot be named exactly (a value JSON cannot
 * write, such as a BigInt) or only at length. Values JSON would lose or confuse (undefined, a
 * RegExp, a Date that would equal its ISO string) are written with a mark.
 */
export function readCacheKey(kind: 'find' | 'count' | 'countSubsets', collection: string, tenant: string, filter: unknown, options: unknown): string | null {
  try {
    const key = `${kind}${MARK}${collection}${MARK}${tenant}${MARK}${JSON.stringify([filter, options], exactValue)}`;
    return key.length > READ_CACHE_KEY_MAX_LENGTH ? null : key;
  } catch {
    return null;
  }
}

function exactValue(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  if (original === undefined) return `${MARK}undefined`;
  if (original instanceof RegExp) return `${MARK}regexp:${String(original)}`;
  if (original instanceof Date) return `${MARK}date:${original.getTime()}`;
  if (typeof original === 'number' && !Number.isFinite(original)) return `${MARK}number:${original}`;
  if (typeof value === 'string' && value.startsWith(MARK)) return `${MARK}string:${value}`;
  return value;
}
