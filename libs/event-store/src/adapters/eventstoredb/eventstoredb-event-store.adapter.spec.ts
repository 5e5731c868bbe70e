import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EventStoreUnavailableError } from '../../event-store';
import { runEventStoreContract } from '../../testing/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store.adapter';

const url = process.env.EVENTSTORE_URL;

if (url) {
  runEventStoreContract(`eventstoredb at ${url}`, async () => EventStoreDbEventStore.connect({ url }));
} else {
  console.log('skipped: no EventStoreDB (EVENTSTORE_URL unset; testcontainers needs a Docker engine, none reachable)');
  describe.skip('EventStore contract: eventstoredb', () => {
    it('runs the event store contract against EventStoreDB', () => undefined);
  });
}

describe('EventStoreDbEventStore with no server listening', () => {
  const store = EventStoreDbEventStore.connect({ url: 'esdb://127.0.0.1:1?tls=false' });

  afterAll(async () => {
    await store.close();
  });

  it('reports every operation as unavailable', async () => {
    const event = { id: randomUUID(), type: 'IncidentStarted', data: {} };

    await expect(store.appendToStream('incident-1', [event])).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readStream('incident-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readAll()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.subscribeToAll({}, async () => undefined).done).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });
});
