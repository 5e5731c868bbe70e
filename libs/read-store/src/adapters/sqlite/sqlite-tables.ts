import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { assertCollectionName } from '../../internal/query-guard';

/** A SQL identifier, quoted (table names are safe by construction; quoting costs nothing). */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A SQL text literal. */
export const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * A collection's table: its name made safe for SQL, then a digest of the exact name, since SQL names
 * ignore case and the safe form merges characters (`a-b` and `a_b`). The same name on every connection
 * and in every process, so nothing records which table holds which collection.
 */
export function collectionTable(collection: string): string {
  let table = tableNames.get(collection);
  if (table === undefined) {
    const readable = collection.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40);
    table = `read_store_c_${readable}_${createHash('sha1').update(collection).digest('hex').slice(0, 12)}`;
    if (tableNames.size >= TABLE_NAMES_KEPT) tableNames.clear();
    tableNames.set(collection, table);
  }
  return table;
}

/** Every query names its table: the names are remembered rather than digested each time. */
const tableNames = new Map<string, string>();
const TABLE_NAMES_KEPT = 1_000;

/**
 * Each collection has a table of its own, so that a write runs only its collection's index
 * programs (a shared table ran every collection's: measured, twice the cost of an outbox
 * upsert). Documents live in a rowid table: an index that holds what a query needs answers it alone
 * (a count by an indexed field reads no document), which a WITHOUT ROWID table cannot do (it looks
 * each row up again). The table has no triggers: the document count per tenant (the shared
 * `read_store_counts`, sqlite-counts) and the array flags of tracked paths (sqlite-paths) are kept by
 * the writes themselves, a count trigger having cost a third of a row and the path triggers as much.
 */
export function createCollectionTableSql(collection: string): string {
  const table = collectionTable(collection);
  const name = quoteIdentifier(table);
  return `
    CREATE TABLE IF NOT EXISTS ${name} (
      tenant TEXT NOT NULL,
      id     TEXT NOT NULL,
      body   TEXT NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS ${quoteIdentifier(`${table}_key`)} ON ${name} (tenant, id);`;
}

/**
 * Files made before counts were kept by the writes have two count triggers on each collection's
 * table; they go at open (the counts they kept stay: they are exact).
 */
export function dropCountTriggers(db: Database.Database): void {
  const triggers = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND (name GLOB 'read_store_c_*_counted' OR name GLOB 'read_store_c_*_uncounted')")
    .pluck()
    .all();
  for (const trigger of triggers) db.exec(`DROP TRIGGER ${quoteIdentifier(trigger)}`);
}

type Key = [tenant: string, id: string];

/** The statements that read and write one collection's documents, prepared once per connection. */
export interface CollectionStatements {
  readonly selectBody: Database.Statement<Key, string>;
  /** Fails on an id the tenant already has: for a caller that has just read there is none. */
  readonly insert: Database.Statement<[...Key, body: string]>;
  /** Changes nothing (0 changes) where the tenant already has the id. */
  readonly insertIfNew: Database.Statement<[...Key, body: string]>;
  readonly update: Database.Statement<[body: string, ...Key]>;
  readonly delete: Database.Statement<Key>;
  readonly deleteAll: Database.Statement<[]>;
}

/**
 * Writes a document whole: 1 when it is new, 0 when it replaced one, which is what the counts need.
 * Measured against an upsert that cannot tell the two apart: as cheap for a new document, one more
 * key lookup for a replaced one, and cheaper than reading first or counting a batch's ids first.
 */
export function upsertDocument(statements: CollectionStatements, tenant: string, id: string, body: string): 0 | 1 {
  if (statements.insertIfNew.run(tenant, id, body).changes > 0) return 1;
  statements.update.run(body, tenant, id);
  return 0;
}

function prepareCollection(db: Database.Database, collection: string): CollectionStatements {
  const table = quoteIdentifier(collectionTable(collection));
  return {
    selectBody: db.prepare<Key, string>(`SELECT body FROM ${table} WHERE tenant = ? AND id = ?`).pluck(),
    insert: db.prepare<[string, string, string]>(`INSERT INTO ${table} (tenant, id, body) VALUES (?, ?, ?)`),
    insertIfNew: db.prepare<[string, string, string]>(`INSERT INTO ${table} (tenant, id, body) VALUES (?, ?, ?) ON CONFLICT (tenant, id) DO NOTHING`),
    update: db.prepare<[string, string, string]>(`UPDATE ${table} SET body = ? WHERE tenant = ? AND id = ?`),
    delete: db.prepare<Key>(`DELETE FROM ${table} WHERE tenant = ? AND id = ?`),
    deleteAll: db.prepare<[]>(`DELETE FROM ${table}`),
  };
}

/**
 * The collections' tables on one connection. A table is made by the first write to its collection
 * (or its first ensureIndexes), in a transaction of its own before the write's: a table, once made,
 * stays (an empty table means what no table means), so no rollback of the write can take away a
 * table this connection has statements for. Until then the collection holds nothing, which reads answer.
 */
export class SqliteTables {
  private readonly prepared = new Map<string, CollectionStatements>();
  private readonly collections = new Map<string, string>();
  private readonly tableExists: Database.Statement<[name: string], number>;

  constructor(private readonly db: Database.Database) {
    this.tableExists = db.prepare<[string], number>("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck();
  }

  /** The collection's statements, its table made first if it has none. Called outside any transaction. */
  ensure(collection: string): CollectionStatements {
    const known = this.prepared.get(collection);
    if (known) return known;
    assertCollectionName(collection);
    if (this.db.inTransaction) throw new Error(`The table of ${collection} is made before a write's transaction, not inside it`);
    this.db.transaction(() => this.db.exec(createCollectionTableSql(collection))).immediate();
    return this.prepare(collection);
  }

  /** The statements of a collection whose table ensure() has made. */
  of(collection: string): CollectionStatements {
    const known = this.prepared.get(collection);
    if (!known) throw new Error(`No table was made for ${collection} before writing to it`);
    return known;
  }

  /** The collection's statements, or null while it has no table (nothing was ever written to it). */
  existing(collection: string): CollectionStatements | null {
    return this.prepared.get(collection) ?? (this.tableExists.get(collectionTable(collection)) ? this.prepare(collection) : null);
  }

  /** The collection a table holds, for naming it in an error. */
  collectionOf(table: string): string | undefined {
    return this.collections.get(table);
  }

  private prepare(collection: string): CollectionStatements {
    const statements = prepareCollection(this.db, collection);
    this.prepared.set(collection, statements);
    this.collections.set(collectionTable(collection), collection);
    return statements;
  }
}
