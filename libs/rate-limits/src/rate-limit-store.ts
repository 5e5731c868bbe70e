import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { RateLimiterMongo, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitOptions {
  /** Keeps one limiter's keys apart from another's in the shared table. */
  readonly keyPrefix: string;
  readonly points: number;
  /** Seconds from a key's first point until its points are forgotten. */
  readonly duration: number;
}

/**
 * Where rate limits keep their counts: shared by every process of an installation and kept across
 * restarts, so neither another node nor a restart hands a guesser a fresh allowance. One table
 * (collection) holds every limiter's keys.
 */
export interface RateLimitStore {
  limiter(options: RateLimitOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export interface RateLimitStoreConfig {
  /** When given, MongoDB (the distributed mode's read-model server); otherwise SQLite at `sqlitePath`. */
  readonly mongoUrl?: string;
  readonly mongoDatabase: string;
  readonly sqlitePath: string;
}

const TABLE = 'rate_limits';
/** How often the SQLite table is rid of keys whose time has run out. */
const PURGE_EVERY_MS = 5 * 60 * 1000;

function sqliteStore(path: string): RateLimitStore {
  const db = new Database(path);
  // Several processes may share the file (the distributed mode without MongoDB): wait for a writer rather than fail.
  db.pragma('busy_timeout = 5000');
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.prepare(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`).run();
  const purge = db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`);
  // One purge for the table, stopped on close (the library's own timer, one per limiter, would outlive the file).
  const purging = setInterval(() => purge.run(Date.now()), PURGE_EVERY_MS).unref();
  return {
    limiter: (options) => new RateLimiterSQLite({ ...options, storeClient: db, storeType: 'better-sqlite3', tableName: TABLE, tableCreated: true }),
    close: async () => {
      clearInterval(purging);
      db.close();
    },
  };
}

async function mongoStore(url: string, database: string): Promise<RateLimitStore> {
  const client = await MongoClient.connect(url);
  const collection = client.db(database).collection(TABLE);
  // Made here rather than by each limiter: the unique key must exist before the first concurrent
  // upserts, or two of them insert two counts for one key.
  await collection.createIndex({ key: 1 }, { unique: true });
  // Drops expired keys; a server without TTL indexes (FerretDB 1.x) keeps them until the key is
  // used again, when the library replaces an expired count in place.
  await collection.createIndex({ expire: 1 }, { expireAfterSeconds: 0 }).catch(() => undefined);
  return {
    limiter: (options) =>
      new RateLimiterMongo({ ...options, storeClient: client, dbName: database, tableName: TABLE, disableIndexesCreation: true }),
    close: () => client.close(),
  };
}

export async function createRateLimitStore(config: RateLimitStoreConfig): Promise<RateLimitStore> {
  return config.mongoUrl ? mongoStore(config.mongoUrl, config.mongoDatabase) : sqliteStore(config.sqlitePath);
}
