import type { EventBus } from '@nestjs/cqrs';
import type { AppendOptions, AppendResult, EventData, EventStore } from '@beacon/event-store';
import { EventAppended } from './event-appended';

/**
 * The event store every handler of the process uses: each append, once stored, is published on the
 * EventBus (one EventAppended per event, in order), whoever appended it (the command pipeline, an
 * email claim, a seeder). Reads and subscriptions pass through unchanged. Only this process's appends
 * are published: a saga that must see another process's events subscribes to the store instead.
 */
export function publishingEventStore(store: EventStore, eventBus: EventBus): EventStore {
  return {
    async appendToStream(streamName: string, events: readonly EventData[], options?: AppendOptions): Promise<AppendResult> {
      const result = await store.appendToStream(streamName, events, options);
      if (events.length) eventBus.publishAll(events.map((event) => new EventAppended(streamName, event, result.position)));
      return result;
    },
    readStream: (streamName, options) => store.readStream(streamName, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options, handler) => store.subscribeToAll(options, handler),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
