import { randomUUID } from 'node:crypto';
import { planProductionServerNow, type ProductionServer } from '@beacon/testing';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ReadStore, ReadStoreUnavailableError } from '../../read-store';
import { runReadStoreContract } from '../../testing/read-store.contract';
import { event, increment, TENANT_A } from '../../testing/contract/fixtures';
import { mongoServerProfile } from '../../testing/mongodb-server';
import { MongoReadStore } from './mongodb-read-store.adapter';
import { STATEMENTS_PER_WRITE } from './write-commands';

/** More documents than FerretDB's SQLite backend has connections. */
const MANY = 250;

// MONGO_URL when set, else a testcontainers MongoDB (single-node replica set) when a Docker engine answers,
// else one skip line.
describe('MongoDB', () => {
  const plan = planProductionServerNow('mongodb');
  if ('skip' in plan) {
    console.log(plan.skip);
    describe.skip('ReadStore contract: MongoDB', () => {
      it('runs against MongoDB when MONGO_URL is set or a Docker engine is reachable', () => undefined);
    });
    return;
  }

  let server: ProductionServer | undefined;
  const url = (): string => {
    if (!server) throw new Error('The server is started before the tests');
    return server.url;
  };
  const prefix = `read_store_test_${randomUUID().slice(0, 8)}`;
  const databases: string[] = [];
  const open = async (): Promise<{ store: ReadStore; database: string }> => {
    const database = `${prefix}_${databases.length}`;
    databases.push(database);
    return { store: await MongoReadStore.connect({ url: url(), database }), database };
  };

  let admin: MongoClient | undefined;
  beforeAll(async () => {
    server = await plan.start();
    admin = await MongoClient.connect(url());
  }, 300_000);
  afterAll(async () => {
    if (admin) {
      for (const database of databases) await admin.db(database).dropDatabase();
      await admin.close();
    }
    await server?.stop();
  }, 60_000);

  runReadStoreContract('MongoDB', async () => (await open()).store, { server: () => mongoServerProfile(url()) });

  describe('MongoReadStore', () => {
    it('applies nothing twice when a batch is replayed after its checkpoint was lost', async () => {
      const { store, database } = await open();
      const batch = [event(1, increment(TENANT_A, 'c1')), event(2, increment(TENANT_A, 'c1'), increment(TENANT_A, 'c2'))];
      await store.applyProjectionBatch('counters', batch);
      await admin!.db(database).collection('_read_store_checkpoints').deleteMany({});
      await store.applyProjectionBatch('counters', [...batch, event(3, increment(TENANT_A, 'c2'))]);
      expect(await store.scope(TENANT_A).collection('counters').find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'c1', count: 2 },
        { _id: 'c2', count: 2 },
      ]);
      expect(await store.getCheckpoint('counters')).toBe(3);
      await store.close();
    });

    // FerretDB 1.x as released held a connection per statement of a command until it ended: a command of
    // 100 upserts never ended on its SQLite backend (write-commands.ts). Many documents go in several commands.
    it(`writes a batch of ${MANY} documents of one collection, and ${MANY} upserts, in commands of at most ${STATEMENTS_PER_WRITE}`, async () => {
      const { store } = await open();
      const ids = Array.from({ length: MANY }, (_, n) => `m${String(n).padStart(4, '0')}`);
      // A statement that finds its document holds its cursor open; one that finds none has closed it: updates are what count.
      await store.applyProjectionBatch('many', [event(1, ...ids.map((id) => increment(TENANT_A, id)))]);
      await store.applyProjectionBatch('many', [event(2, ...ids.map((id) => increment(TENANT_A, id, 2)))]);
      expect(await store.scope(TENANT_A).collection('counters').count({ count: 3 })).toBe(MANY);
      const upserted = store.scope(TENANT_A).collection('upserted');
      await upserted.upsertMany(ids.map((id) => ({ _id: id, n: 1 })));
      await upserted.upsertMany(ids.map((id) => ({ _id: id, n: 2 })));
      expect(await upserted.count({ n: 2 })).toBe(MANY);
      expect(await store.getCheckpoint('many')).toBe(2);
      await store.close();
    }, 60_000);

    it('reports an unreachable server as unavailable', async () => {
      const connecting = MongoReadStore.connect({ url: 'mongodb://127.0.0.1:1', database: 'x', serverSelectionTimeoutMs: 200 });
      await expect(connecting).rejects.toBeInstanceOf(ReadStoreUnavailableError);
    });
  });
});
