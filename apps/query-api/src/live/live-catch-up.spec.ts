import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { LiveUpdate } from '@beacon/contracts';
import { SqliteEventStore } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore } from '@beacon/read-store';
import { catchUp, type CatchUpSource } from './live-catch-up';

/** One update per event, carrying the event's own data. */
const echoes: ProjectionDefinition = {
  name: 'echoes',
  collections: [],
  project: () => [],
  liveUpdate: (event) => ({ type: event.type, resource: 'echoes', id: event.streamName, data: event.data, tenantId: String(event.metadata.tenantId) }),
};

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;
let source: CatchUpSource;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-live-catch-up-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  source = { eventStore, readStore, projections: [echoes] };
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `count` events, every third one of tenant t2 and the rest of t1; answers their positions by tenant. */
async function history(count: number): Promise<{ t1: number[]; t2: number[] }> {
  const positions = { t1: [] as number[], t2: [] as number[] };
  for (let index = 0; index < count; index++) {
    const tenantId = index % 3 === 2 ? 't2' : 't1';
    const { position } = await eventStore.appendToStream(`note-${index}`, [
      { id: crypto.randomUUID(), type: 'NoteWritten', data: { index }, metadata: { tenantId } },
    ]);
    positions[tenantId].push(position);
  }
  return positions;
}

function recorder() {
  const pages: LiveUpdate[][] = [];
  const target = { send: (updates: readonly LiveUpdate[]) => void pages.push([...updates]), resync: jest.fn() };
  return { pages, target };
}

describe('live catch-up after a reconnect', () => {
  it('sends what the tenant missed in order, a page at a time, never reading more than a page at once', async () => {
    const { t1 } = await history(30);
    const readAll = jest.spyOn(eventStore, 'readAll');
    const { pages, target } = recorder();

    await catchUp(source, 't1', t1[2]!, target, { pageSize: 6, maxEvents: 100 });

    expect(pages.flat().map((update) => update.position)).toEqual(t1.slice(3));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(6);
    for (const [options] of readAll.mock.calls) expect(options?.maxCount).toBe(6);
    expect(target.resync).not.toHaveBeenCalled();
  });

  it('asked from position 1 with more missed than the bound, stops reading at the bound and sends resync', async () => {
    await history(40);
    const readAll = jest.spyOn(eventStore, 'readAll');
    const { pages, target } = recorder();

    await catchUp(source, 't1', 1, target, { pageSize: 5, maxEvents: 12 });

    expect(target.resync).toHaveBeenCalledTimes(1);
    expect(readAll).toHaveBeenCalledTimes(3);
    expect(pages.flat().length).toBeLessThanOrEqual(10);
  });

  it('sends nothing to a client that missed nothing', async () => {
    const { t1 } = await history(5);
    const { pages, target } = recorder();

    await catchUp(source, 't1', t1[t1.length - 1]!, target);

    expect(pages).toEqual([]);
    expect(target.resync).not.toHaveBeenCalled();
  });
});
