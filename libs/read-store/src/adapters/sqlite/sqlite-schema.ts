import type Database from 'better-sqlite3';
import { dropPathTriggers } from './sqlite-paths';
import { collectionTable, createCollectionTableSql, dropCountTriggers, quoteIdentifier } from './sqlite-tables';

/**
 * Tables are prefixed because the embedded mode may keep the event store, the bus and the read store
 * in one SQLite file. Documents live in a table per collection (sqlite-tables), made on first use;
 * these are the tables all collections share.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS read_store_counts (
  collection TEXT NOT NULL,
  tenant     TEXT NOT NULL,
  documents  INTEGER NOT NULL,
  PRIMARY KEY (collection, tenant)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS read_store_checkpoints (
  projection TEXT PRIMARY KEY,
  position   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS read_store_indexes (
  collection TEXT NOT NULL,
  name       TEXT NOT NULL,
  sql_name   TEXT NOT NULL UNIQUE,
  spec       TEXT NOT NULL,
  PRIMARY KEY (collection, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS read_store_paths (
  collection TEXT NOT NULL,
  path       TEXT NOT NULL,
  has_arrays INTEGER NOT NULL,
  PRIMARY KEY (collection, path)
) WITHOUT ROWID;
`;

/**
 * Earlier layouts kept every collection's documents in one table (`collection`, `tenant`, `id`,
 * `body`): first a WITHOUT ROWID one, then a rowid one. Oldest first; a file holds at most one of them.
 */
const SHARED_DOCUMENT_TABLES = ['read_store_docs', 'read_store_documents'] as const;

/**
 * Files written in a shared-table layout keep their documents: each collection's rows move into its
 * own table and are counted there, and the old table goes with its indexes and triggers. The recorded
 * indexes and tracked paths are forgotten, so that ensureIndexes and path tracking build them again
 * on the new tables.
 */
function moveSharedDocuments(db: Database.Database): void {
  let moved = false;
  for (const shared of SHARED_DOCUMENT_TABLES) {
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(shared)) continue;
    const collections = db.prepare<[], string>(`SELECT DISTINCT collection FROM ${shared}`).pluck().all();
    db.prepare(`DELETE FROM read_store_counts WHERE collection IN (SELECT collection FROM ${shared})`).run();
    for (const collection of collections) {
      const table = quoteIdentifier(collectionTable(collection));
      db.exec(createCollectionTableSql(collection));
      db.prepare(`INSERT INTO ${table} (tenant, id, body) SELECT tenant, id, body FROM ${shared} WHERE collection = ?`).run(collection);
      db.prepare(`INSERT INTO read_store_counts (collection, tenant, documents) SELECT ?, tenant, count(*) FROM ${table} GROUP BY tenant`).run(collection);
    }
    db.exec(`DROP TABLE ${shared}`);
    moved = true;
  }
  if (moved) db.exec('DELETE FROM read_store_indexes; DELETE FROM read_store_paths;');
}

/** A projection batch dirties pages all over the documents' tables; a larger page cache keeps them hot (measured: +25% events/s). */
const CACHE_KIB = 64 * 1024;
/**
 * Pages the WAL may hold before a commit copies them into the file (SQLite's default is 1,000, 4 MB).
 * Index pages are written again and again during a broadcast; a longer WAL copies each once per
 * checkpoint rather than every 4 MB, and fsyncs the file less often (a broadcast to 100,000 people
 * took 16 s instead of 18.6). The file is cut back to WAL_SIZE_LIMIT after each checkpoint.
 */
const WAL_AUTOCHECKPOINT_PAGES = 16_384;
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * synchronous=NORMAL may lose the last commits on power loss, never tear one: documents and
 * checkpoint share each transaction, so a lost commit is simply replayed. Read models are
 * rebuildable, so durability is traded for write speed; this pragma is per connection and does not
 * weaken the event store's connection to the same file.
 */
export function configure(db: Database.Database, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  if (db.name !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = -${CACHE_KIB}`);
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  db.transaction(() => {
    db.exec(SCHEMA);
    moveSharedDocuments(db);
    dropCountTriggers(db);
    dropPathTriggers(db);
  }).immediate();
}

export interface Statements {
  readonly selectCheckpoint: Database.Statement<[projection: string], number>;
  readonly upsertCheckpoint: Database.Statement<[projection: string, position: number]>;
  readonly deleteCheckpoint: Database.Statement<[projection: string]>;
  readonly selectIndex: Database.Statement<[collection: string, name: string], string>;
  readonly selectIndexBySqlName: Database.Statement<[sqlName: string], { collection: string; name: string }>;
  readonly upsertIndex: Database.Statement<[collection: string, name: string, sqlName: string, spec: string]>;
}

/** The statements on the shared tables; each collection's own are in sqlite-tables. */
export function prepareStatements(db: Database.Database): Statements {
  return {
    selectCheckpoint: db
      .prepare<[string], number>('SELECT position FROM read_store_checkpoints WHERE projection = ?')
      .pluck(),
    upsertCheckpoint: db.prepare<[string, number]>(
      `INSERT INTO read_store_checkpoints (projection, position) VALUES (?, ?)
       ON CONFLICT (projection) DO UPDATE SET position = excluded.position`,
    ),
    deleteCheckpoint: db.prepare<[string]>('DELETE FROM read_store_checkpoints WHERE projection = ?'),
    selectIndex: db
      .prepare<[string, string], string>('SELECT spec FROM read_store_indexes WHERE collection = ? AND name = ?')
      .pluck(),
    selectIndexBySqlName: db.prepare<[string], { collection: string; name: string }>(
      'SELECT collection, name FROM read_store_indexes WHERE sql_name = ?',
    ),
    upsertIndex: db.prepare<[string, string, string, string]>(
      `INSERT INTO read_store_indexes (collection, name, sql_name, spec) VALUES (?, ?, ?, ?)
       ON CONFLICT (collection, name) DO UPDATE SET sql_name = excluded.sql_name, spec = excluded.spec`,
    ),
  };
}
