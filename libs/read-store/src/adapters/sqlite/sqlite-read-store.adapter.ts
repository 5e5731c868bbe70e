import Database from 'better-sqlite3';
import {
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  ProjectedEvent,
  ReadStore,
  ReadStoreScope,
  ReadStoreUnavailableError,
} from '../../read-store';
import { assertCollectionName, assertFilter, assertFindOptions, assertIndexSpec, assertTenantId, indexName } from '../../internal/query-guard';
import { SqliteCollection, SqliteContext } from './sqlite-collection';
import { DocumentCounts } from './sqlite-counts';
import { createQueryIndexSql, createUniqueIndexSql, dropIndexSql, QUERY_INDEX_LAYOUT, sqlIndexName, translateSqliteError } from './sqlite-indexes';
import { trackPathSql, TrackedPaths } from './sqlite-paths';
import { applyProjectionBatch, reapplyEvent } from './sqlite-projection';
import { SqliteReadCache, type SqliteReadCacheOptions } from './sqlite-read-cache';
import { InMemoryQueryListener, InMemoryQueryReport, QueryExplanation, SqliteQueries } from './sqlite-queries';
import { configure, prepareStatements, Statements } from './sqlite-schema';
import { SqliteTables } from './sqlite-tables';

export interface SqliteReadStoreOptions {
  /** A file path, or ':memory:' for a private in-process store. */
  readonly path: string;
  /** How long a writer waits for another process's transaction before failing. */
  readonly busyTimeoutMs?: number;
  /**
   * Told of every query part SQLite could not run itself (checked in memory instead); by default
   * each distinct one is written once to the console as a warning.
   */
  readonly onInMemoryQuery?: InMemoryQueryListener;
  /** Bounds of the cache of recent answers (sqlite-read-cache), or false for none: every read runs its SQL. */
  readonly readCache?: SqliteReadCacheOptions | false;
}

export type { InMemoryQueryReport, QueryExplanation };

/** Warns once per collection and reason, so that a query shape needing work is seen without flooding the log. */
function warnOnce(): InMemoryQueryListener {
  const seen = new Set<string>();
  return ({ collection, reasons }) => {
    const key = `${collection}: ${reasons.join(', ')}`;
    if (seen.has(key)) return;
    seen.add(key);
    console.warn(`read store: part of a query on ${key} is evaluated in memory`);
  };
}

/**
 * The embedded read store: documents as JSON rows in SQLite, a table per collection (sqlite-tables),
 * queried with MongoDB semantics in SQL (sqlite-queries). Several processes may open the same file (WAL, busy timeout, IMMEDIATE write
 * transactions).
 */
export class SqliteReadStore implements ReadStore {
  private readonly statements: Statements;
  private readonly tables: SqliteTables;
  private readonly context: SqliteContext;
  private readonly cache: SqliteReadCache;
  private readonly counts: DocumentCounts;
  private readonly paths: TrackedPaths;

  private constructor(
    private readonly db: Database.Database,
    onInMemoryQuery: InMemoryQueryListener,
    readCache: SqliteReadCacheOptions | false,
  ) {
    this.statements = prepareStatements(db);
    this.tables = new SqliteTables(db);
    this.cache = new SqliteReadCache(db, readCache === false ? { capacity: 0 } : readCache);
    this.counts = new DocumentCounts(db);
    this.paths = new TrackedPaths(db);
    this.context = {
      queries: new SqliteQueries(db, this.tables, onInMemoryQuery),
      write: (collection, work) =>
        this.writing([collection], () =>
          this.guard(collection, () => {
            const statements = this.tables.ensure(collection);
            return this.transaction(() => work(statements));
          }),
        ),
      read: (collection, work) => this.guard(collection, work),
      cache: this.cache,
      counts: this.counts,
      paths: this.paths,
    };
  }

  static open(options: SqliteReadStoreOptions): SqliteReadStore {
    let db: Database.Database | undefined;
    try {
      db = new Database(options.path);
      configure(db, options.busyTimeoutMs ?? 5_000);
      return new SqliteReadStore(db, options.onInMemoryQuery ?? warnOnce(), options.readCache ?? {});
    } catch (error) {
      db?.close();
      throw new ReadStoreUnavailableError(`Cannot open the read store at ${options.path}`, error);
    }
  }

  scope(tenantId: string): ReadStoreScope {
    assertTenantId(tenantId);
    return {
      tenantId,
      collection: <T extends Document = Document>(name: string): Collection<T> => {
        assertCollectionName(name);
        return new SqliteCollection<T>(this.context, name, tenantId);
      },
    };
  }

  /**
   * Unique indexes enforce uniqueness on JSON values; the others index the keys that translated
   * queries compare and sort by, and have their paths tracked for arrays (sqlite-paths). Specs
   * are recorded so that a changed definition is noticed and rebuilt.
   */
  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    assertCollectionName(collection);
    indexes.forEach(assertIndexSpec);
    this.context.write(collection, () => indexes.forEach((spec) => this.ensureIndex(collection, spec)));
  }

  /**
   * How a find (or a count, or with `subsets` a countSubsets) on a collection would run: which index SQLite would use and what would
   * be checked in memory. For diagnosing a slow read; it runs nothing.
   */
  explain(collection: string, tenantId: string, filter: Filter = {}, options: FindOptions & { readonly count?: boolean; readonly subsets?: readonly Filter[] } = {}): QueryExplanation {
    assertCollectionName(collection);
    assertTenantId(tenantId);
    assertFilter(filter);
    assertFindOptions(options);
    return this.context.queries.explain(collection, tenantId, filter, options);
  }

  async getCheckpoint(projection: string): Promise<number> {
    return this.context.read('', () => this.statements.selectCheckpoint.get(projection) ?? 0);
  }

  /** One transaction across the batch's collections, whose tables are made before it if need be. */
  async applyProjectionBatch(projection: string, events: readonly ProjectedEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.writingAcross(changedCollections(events), () => applyProjectionBatch(this.statements, this.collectionsOf, this.context, projection, events));
  }

  async reapplyEvent(event: ProjectedEvent): Promise<void> {
    this.writingAcross(changedCollections([event]), () => reapplyEvent(this.collectionsOf, this.context, event));
  }

  /** A collection without a table has nothing to drop. */
  async resetProjection(projection: string, collections: readonly string[]): Promise<void> {
    collections.forEach(assertCollectionName);
    this.writing(collections, () =>
      this.guard('', () =>
        this.transaction(() => {
          for (const collection of collections) {
            this.tables.existing(collection)?.deleteAll.run();
            this.counts.reset(collection);
          }
          this.statements.deleteCheckpoint.run(projection);
        }),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private ensureIndex(collection: string, spec: IndexSpec): void {
    const name = indexName(spec);
    const definition = JSON.stringify(
      spec.unique ? { keys: spec.keys, unique: true } : { keys: spec.keys, unique: false, include: spec.include ?? [], layout: QUERY_INDEX_LAYOUT },
    );
    if (this.statements.selectIndex.get(collection, name) === definition) return;
    const sqlName = sqlIndexName(collection, name);
    this.db.exec(dropIndexSql(sqlName));
    if (spec.unique) {
      this.db.exec(createUniqueIndexSql(collection, spec, sqlName));
    } else {
      for (const path of [...Object.keys(spec.keys), ...(spec.include ?? [])]) if (path !== '_id') this.db.exec(trackPathSql(collection, path));
      this.paths.tracked(collection);
      this.db.exec(createQueryIndexSql(collection, spec, sqlName));
    }
    this.statements.upsertIndex.run(collection, name, sqlName, definition);
  }

  private readonly collectionsOf = (collection: string) => this.tables.of(collection);

  /** Runs `work` in one IMMEDIATE transaction that may write to any of `collections`. */
  private writingAcross<R>(collections: ReadonlySet<string>, work: () => R): R {
    return this.writing(collections, () =>
      this.guard('', () => {
        for (const collection of collections) this.tables.ensure(collection);
        return this.transaction(work);
      }),
    );
  }

  /**
   * One IMMEDIATE transaction (a read-modify-write must not interleave with another process's), whose
   * writes flag the tracked paths their documents bring arrays to and whose last statements write the
   * document counts its writes changed; a rollback forgets both.
   */
  private transaction<R>(work: () => R): R {
    try {
      return this.db
        .transaction(() => {
          this.paths.begin();
          const result = work();
          this.counts.write();
          return result;
        })
        .immediate();
    } catch (error) {
      this.paths.discard();
      throw error;
    } finally {
      this.counts.discard();
    }
  }

  /** Runs a write, then drops the kept answers it may have made stale (also when it failed part way). */
  private writing<R>(collections: Iterable<string>, work: () => R): R {
    try {
      return work();
    } finally {
      this.cache.invalidate(collections);
    }
  }

  private guard<R>(collection: string, work: () => R): R {
    try {
      return work();
    } catch (error) {
      throw translateSqliteError(error, this.statements, this.tables, collection);
    }
  }
}

function changedCollections(events: readonly ProjectedEvent[]): Set<string> {
  const collections = new Set<string>();
  for (const event of events) for (const change of event.changes) collections.add(change.collection);
  return collections;
}
