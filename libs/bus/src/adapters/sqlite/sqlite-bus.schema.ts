import Database from 'better-sqlite3';

/**
 * Tables are prefixed `bus_` because the embedded mode keeps every store in one SQLite file.
 * A message is kept until every active consumer group has read it (message-retention.ts): a group's
 * `committed_at` says when it last committed.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS bus_topics (
  topic TEXT PRIMARY KEY,
  partitions INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS bus_partitions (
  topic TEXT NOT NULL,
  partition_no INTEGER NOT NULL,
  next_position INTEGER NOT NULL,
  PRIMARY KEY (topic, partition_no)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS bus_messages (
  topic TEXT NOT NULL,
  partition_no INTEGER NOT NULL,
  position INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  headers TEXT NOT NULL,
  PRIMARY KEY (topic, partition_no, position)
);

CREATE TABLE IF NOT EXISTS bus_offsets (
  grp TEXT NOT NULL,
  topic TEXT NOT NULL,
  partition_no INTEGER NOT NULL,
  next_position INTEGER NOT NULL,
  committed_at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (grp, topic, partition_no)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS bus_members (
  grp TEXT NOT NULL,
  topic TEXT NOT NULL,
  member TEXT NOT NULL,
  joined_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (grp, topic, member)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS bus_leases (
  grp TEXT NOT NULL,
  topic TEXT NOT NULL,
  partition_no INTEGER NOT NULL,
  owner TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (grp, topic, partition_no)
) WITHOUT ROWID;
`;

export function openBusDatabase(path: string): Database.Database {
  const db = new Database(path);
  // WAL lets consumers read while a publish writes; FULL syncs every commit, so a resolved publish survives a crash.
  // Committed positions and leases relax it (relaxed-transaction.ts): losing one costs a redelivery.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // Other processes (and the other stores in the same file) hold the write lock briefly; wait rather than fail.
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  addCommittedAt(db);
  return db;
}

/** A file made before groups' commit times were kept gets the column, each group counted as committing now. */
function addCommittedAt(db: Database.Database): void {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('bus_offsets')").all();
  if (columns.some((column) => column.name === 'committed_at')) return;
  db.transaction(() => {
    db.exec('ALTER TABLE bus_offsets ADD COLUMN committed_at INTEGER NOT NULL DEFAULT 0');
    db.prepare('UPDATE bus_offsets SET committed_at = ?').run(Date.now());
  }).immediate();
}
