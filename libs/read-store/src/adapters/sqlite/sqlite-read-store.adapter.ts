import Database from 'better-sqlite3';
import {
  Collection,
  Document,
  IndexSpec,
  ProjectedEvent,
  ReadStore,
  ReadStoreScope,
  ReadStoreUnavailableError,
} from '../../read-store';
import { assertCollectionName, assertIndexSpec, assertTenantId, indexName } from '../../internal/query-guard';
import { SqliteCollection, SqliteContext } from './sqlite-collection';
import { applyProjectionBatch, reapplyEvent } from './sqlite-projection';
import { configure, prepareStatements, Statements } from './sqlite-schema';
import { createUniqueIndexSql, dropIndexSql, sqlIndexName, translateSqliteError } from './sqlite-unique-index';

export interface SqliteReadStoreOptions {
  /** A file path, or ':memory:' for a private in-process store. */
  readonly path: string;
  /** How long a writer waits for another process's transaction before failing. */
  readonly busyTimeoutMs?: number;
}

/**
 * The embedded read store: documents as JSON rows in SQLite, queried with MongoDB semantics by
 * mingo. Several processes may open the same file (WAL, busy timeout, IMMEDIATE write transactions).
 */
export class SqliteReadStore implements ReadStore {
  private readonly statements: Statements;
  private readonly context: SqliteContext;

  private constructor(private readonly db: Database.Database) {
    this.statements = prepareStatements(db);
    this.context = {
      statements: this.statements,
      write: (collection, work) => this.guard(collection, () => this.db.transaction(work).immediate()),
      read: (collection, work) => this.guard(collection, work),
    };
  }

  static open(options: SqliteReadStoreOptions): SqliteReadStore {
    let db: Database.Database | undefined;
    try {
      db = new Database(options.path);
      configure(db, options.busyTimeoutMs ?? 5_000);
      return new SqliteReadStore(db);
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
   * Only unique indexes become SQL indexes: queries read a tenant's rows by primary-key prefix and
   * filter them in memory, so a secondary index would cost every write and serve no read. Every
   * spec is still recorded so a changed definition is noticed and rebuilt.
   */
  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    assertCollectionName(collection);
    indexes.forEach(assertIndexSpec);
    this.context.write(collection, () => indexes.forEach((spec) => this.ensureIndex(collection, spec)));
  }

  async getCheckpoint(projection: string): Promise<number> {
    return this.context.read('', () => this.statements.selectCheckpoint.get(projection) ?? 0);
  }

  async applyProjectionBatch(projection: string, events: readonly ProjectedEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.context.write('', () => applyProjectionBatch(this.statements, projection, events));
  }

  async reapplyEvent(event: ProjectedEvent): Promise<void> {
    this.context.write('', () => reapplyEvent(this.statements, event));
  }

  async resetProjection(projection: string, collections: readonly string[]): Promise<void> {
    collections.forEach(assertCollectionName);
    this.context.write('', () => {
      for (const collection of collections) this.statements.deleteCollection.run(collection);
      this.statements.deleteCheckpoint.run(projection);
    });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private ensureIndex(collection: string, spec: IndexSpec): void {
    const name = indexName(spec);
    const definition = JSON.stringify({ keys: spec.keys, unique: spec.unique === true });
    if (this.statements.selectIndex.get(collection, name) === definition) return;
    const sqlName = sqlIndexName(collection, name);
    this.db.exec(dropIndexSql(sqlName));
    if (spec.unique) this.db.exec(createUniqueIndexSql(collection, spec, sqlName));
    this.statements.upsertIndex.run(collection, name, sqlName, definition);
  }

  private guard<R>(collection: string, work: () => R): R {
    try {
      return work();
    } catch (error) {
      throw translateSqliteError(error, this.statements, collection);
    }
  }
}
