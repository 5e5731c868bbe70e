import { EventStoreDbEventStore } from './adapters/eventstoredb/eventstoredb-event-store.adapter';
import { SqliteEventStore } from './adapters/sqlite/sqlite-event-store.adapter';
import { EventStore } from './event-store';

export interface EventStoreConfig {
  /** EventStoreDB connection string; when set, the distributed store is used. */
  readonly eventstoreUrl?: string;
  /** SQLite file of the embedded store, used when no EventStoreDB URL is given. */
  readonly sqlitePath: string;
}

export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  return config.eventstoreUrl
    ? EventStoreDbEventStore.connect({ url: config.eventstoreUrl })
    : SqliteEventStore.open({ path: config.sqlitePath });
}
