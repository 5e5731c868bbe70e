import { MongoReadStore } from './adapters/mongodb/mongodb-read-store.adapter';
import { SqliteReadStore } from './adapters/sqlite/sqlite-read-store.adapter';
import type { ReadStore } from './read-store';

export interface ReadStoreConfig {
  /** When set, read models live in MongoDB (distributed mode); otherwise in SQLite (embedded mode). */
  readonly mongoUrl?: string;
  readonly mongoDatabase?: string;
  readonly sqlitePath: string;
}

const DEFAULT_MONGO_DATABASE = 'beacon_read';

export async function createReadStore(config: ReadStoreConfig): Promise<ReadStore> {
  if (config.mongoUrl) {
    return MongoReadStore.connect({ url: config.mongoUrl, database: config.mongoDatabase ?? DEFAULT_MONGO_DATABASE });
  }
  return SqliteReadStore.open({ path: config.sqlitePath });
}
