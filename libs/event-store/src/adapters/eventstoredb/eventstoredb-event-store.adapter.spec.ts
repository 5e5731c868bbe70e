import { randomUUID } from 'node:crypto';
import { planProductionServerNow, type ProductionServer } from '@beacon/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStoreUnavailableError } from '../../event-store';
import { runEventStoreContract } from '../../testing/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store.adapter';

// EVENTSTORE_URL when set, else a testcontainers EventStoreDB when a Docker engine answers, else one skip line.
describe('EventStoreDB', () => {
  const plan = planProductionServerNow('eventstoredb');
  if ('skip' in plan) {
    console.log(plan.skip);
    describe.skip('EventStore contract: eventstoredb', () => {
      it('runs the event store contract against EventStoreDB', () => undefined);
    });
    return;
  }

  let server: ProductionServer | undefined;
  beforeAll(async () => {
    server = await plan.start();
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  runEventStoreContract(`eventstoredb at ${plan.description}`, async () => EventStoreDbEventStore.connect({ url: server!.url }));
});

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
