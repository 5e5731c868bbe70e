import type Database from 'better-sqlite3';

/**
 * Tables are prefixed because the embedded mode may keep the event store, the bus and the read store
 * in one SQLite file. Documents live in a rowid table: an index that holds what a query needs
 * answers it alone (a count by an indexed field reads no document), which a WITHOUT ROWID table
 * cannot do (it looks each row up again).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS read_store_documents (
  collection TEXT NOT NULL,
  tenant     TEXT NOT NULL,
  id         TEXT NOT NULL,
  body       TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS read_store_documents_key ON read_store_documents (collection, tenant, id);
CREATE TABLE IF NOT EXISTS read_store_counts (
  collection TEXT NOT NULL,
  tenant     TEXT NOT NULL,
  documents  INTEGER NOT NULL,
  PRIMARY KEY (collection, tenant)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS read_store_documents_counted AFTER INSERT ON read_store_documents BEGIN
  INSERT INTO read_store_counts (collection, tenant, documents) VALUES (NEW.collection, NEW.tenant, 1)
    ON CONFLICT (collection, tenant) DO UPDATE SET documents = documents + 1;
END;
CREATE TRIGGER IF NOT EXISTS read_store_documents_uncounted AFTER DELETE ON read_store_documents BEGIN
  UPDATE read_store_counts SET documents = documents - 1 WHERE collection = OLD.collection AND tenant = OLD.tenant;
END;
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
 * Files written before the rowid layout keep their documents: they move into the new table (the
 * count triggers fill the counts on the way) and the indexes, which went with the old table, are
 * forgotten so that ensureIndexes builds them again.
 */
const MIGRATE_WITHOUT_ROWID_LAYOUT = `
INSERT INTO read_store_documents (collection, tenant, id, body) SELECT collection, tenant, id, body FROM read_store_docs;
DROP TABLE read_store_docs;
DELETE FROM read_store_indexes;
`;

/** A projection batch dirties pages all over the documents table; a larger page cache keeps them hot (measured: +25% events/s). */
const CACHE_KIB = 64 * 1024;

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
  db.transaction(() => {
    db.exec(SCHEMA);
    const oldLayout = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'read_store_docs'").get();
    if (oldLayout) db.exec(MIGRATE_WITHOUT_ROWID_LAYOUT);
  }).immediate();
}

type Key3 = [collection: string, tenant: string, id: string];
type Row = [collection: string, tenant: string, id: string, body: string];

export interface Statements {
  readonly selectBody: Database.Statement<Key3, string>;
  readonly insert: Database.Statement<Row>;
  readonly upsert: Database.Statement<Row>;
  readonly update: Database.Statement<[body: string, ...Key3]>;
  readonly delete: Database.Statement<Key3>;
  readonly deleteCollection: Database.Statement<[collection: string]>;
  readonly selectCheckpoint: Database.Statement<[projection: string], number>;
  readonly upsertCheckpoint: Database.Statement<[projection: string, position: number]>;
  readonly deleteCheckpoint: Database.Statement<[projection: string]>;
  readonly selectIndex: Database.Statement<[collection: string, name: string], string>;
  readonly selectIndexBySqlName: Database.Statement<[sqlName: string], { collection: string; name: string }>;
  readonly upsertIndex: Database.Statement<[collection: string, name: string, sqlName: string, spec: string]>;
}

export function prepareStatements(db: Database.Database): Statements {
  return {
    selectBody: db
      .prepare<[string, string, string], string>('SELECT body FROM read_store_documents WHERE collection = ? AND tenant = ? AND id = ?')
      .pluck(),
    insert: db.prepare<[string, string, string, string]>(
      'INSERT INTO read_store_documents (collection, tenant, id, body) VALUES (?, ?, ?, ?)',
    ),
    upsert: db.prepare<[string, string, string, string]>(
      `INSERT INTO read_store_documents (collection, tenant, id, body) VALUES (?, ?, ?, ?)
       ON CONFLICT (collection, tenant, id) DO UPDATE SET body = excluded.body`,
    ),
    update: db.prepare<[string, string, string, string]>(
      'UPDATE read_store_documents SET body = ? WHERE collection = ? AND tenant = ? AND id = ?',
    ),
    delete: db.prepare<[string, string, string]>('DELETE FROM read_store_documents WHERE collection = ? AND tenant = ? AND id = ?'),
    deleteCollection: db.prepare<[string]>('DELETE FROM read_store_documents WHERE collection = ?'),
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
