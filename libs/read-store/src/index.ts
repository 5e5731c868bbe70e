export * from './read-store';
export {
  SqliteReadStore,
  type InMemoryQueryReport,
  type QueryExplanation,
  type SqliteReadStoreOptions,
} from './adapters/sqlite/sqlite-read-store.adapter';
export { MongoReadStore, type MongoReadStoreOptions } from './adapters/mongodb/mongodb-read-store.adapter';
export { createReadStore, type ReadStoreConfig } from './read-store.factory';
