export * from './event-store';
export { SqliteEventStore, type SqliteEventStoreOptions } from './adapters/sqlite/sqlite-event-store.adapter';
export {
  EventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './adapters/eventstoredb/eventstoredb-event-store.adapter';
export { createEventStore, type EventStoreConfig } from './event-store.factory';
