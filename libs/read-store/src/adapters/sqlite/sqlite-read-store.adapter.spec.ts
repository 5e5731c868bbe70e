import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runReadStoreContract } from '../../testing/read-store.contract';
import { event, increment, TENANT_A } from '../../testing/contract/fixtures';
import { SqliteReadStore } from './sqlite-read-store.adapter';

const directory = mkdtempSync(join(tmpdir(), 'read-store-'));
let files = 0;
const freshPath = (): string => join(directory, `store-${++files}.sqlite`);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

runReadStoreContract('SQLite', async () => SqliteReadStore.open({ path: freshPath() }));

describe('SqliteReadStore', () => {
  it('leaves documents and checkpoint untouched when an apply fails mid-batch', async () => {
    const store = SqliteReadStore.open({ path: freshPath() });
    await store.applyProjectionBatch('counters', [event(1, increment(TENANT_A, 'c1'))]);
    const failing = { collection: 'counters', tenantId: TENANT_A, id: 'c2', apply: () => { throw new Error('projection bug'); } };
    const batch = [event(2, increment(TENANT_A, 'c1'), increment(TENANT_A, 'c3')), event(3, failing)];
    await expect(store.applyProjectionBatch('counters', batch)).rejects.toThrow('projection bug');
    const counters = store.scope(TENANT_A).collection('counters');
    expect(await counters.find()).toEqual([{ _id: 'c1', count: 1 }]);
    expect(await store.getCheckpoint('counters')).toBe(1);
    await store.close();
  });

  it('shares one file between connections, each event applied once', async () => {
    const path = freshPath();
    const first = SqliteReadStore.open({ path });
    const second = SqliteReadStore.open({ path });
    await first.ensureIndexes('counters', [{ keys: { label: 1 }, unique: true }]);
    const batch = [event(1, increment(TENANT_A, 'c1')), event(2, increment(TENANT_A, 'c1'))];
    await Promise.all([first.applyProjectionBatch('counters', batch), second.applyProjectionBatch('counters', batch)]);
    expect(await second.scope(TENANT_A).collection('counters').find()).toEqual([{ _id: 'c1', count: 2 }]);
    expect(await first.getCheckpoint('counters')).toBe(2);
    await Promise.all([first.close(), second.close()]);
  });

  it('keeps its data across a reopen', async () => {
    const path = freshPath();
    const store = SqliteReadStore.open({ path });
    await store.scope(TENANT_A).collection('things').upsert({ _id: 't1', name: 'kept' });
    await store.applyProjectionBatch('p', [event(4, increment(TENANT_A, 'c1'))]);
    await store.close();
    const reopened = SqliteReadStore.open({ path });
    expect(await reopened.scope(TENANT_A).collection('things').findOne({ _id: 't1' })).toEqual({ _id: 't1', name: 'kept' });
    expect(await reopened.getCheckpoint('p')).toBe(4);
    await reopened.close();
  });

  it('works in memory', async () => {
    const store = SqliteReadStore.open({ path: ':memory:' });
    await store.scope(TENANT_A).collection('things').upsert({ _id: 't1' });
    expect(await store.scope(TENANT_A).collection('things').count()).toBe(1);
    await store.close();
  });
});
