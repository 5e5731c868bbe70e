import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteEventStore, type RecordedEvent } from '@beacon/event-store';
import { SqliteReadStore } from '@beacon/read-store';
import { ParkedEvents } from './parked-events';
import type { ProjectionDefinition } from './projection';
import { ProjectionRunner } from './projection-runner';

const WRITE_SIDE = new Set(['credentials']);

/** Notes each event's value in `collection` (owning `owns`). */
const notes = (name: string, owns: string, collection = owns): ProjectionDefinition => ({
  name,
  collections: [owns],
  project: (event: RecordedEvent) => [
    { collection, tenantId: 't1', id: event.streamName, apply: () => ({ _id: event.streamName, value: (event.data as { value: string }).value }) },
  ],
});

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-write-side-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('projection runner and write-side state', () => {
  it('refuses a projection that owns a write-side collection, which a rebuild would drop', () => {
    expect(() => new ProjectionRunner({ eventStore, readStore, projections: [notes('bad', 'credentials')], writeSideCollections: WRITE_SIDE })).toThrow(
      'Projection bad may not own credentials: it is write-side state, not a read model',
    );
    expect(() => new ProjectionRunner({ eventStore, readStore, projections: [notes('good', 'notes')], writeSideCollections: WRITE_SIDE })).not.toThrow();
  });

  it('parks an event whose projection would write a write-side collection, and leaves the collection as it was', async () => {
    const credentials = readStore.scope('t1').collection('credentials');
    await credentials.upsert({ _id: 'note-1', value: 'kept' });
    await eventStore.appendToStream('note-1', [{ id: crypto.randomUUID(), type: 'NoteWritten', data: { value: 'overwritten' }, metadata: { tenantId: 't1' } }]);
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [notes('sneaky', 'notes', 'credentials')],
      writeSideCollections: WRITE_SIDE,
      onError: () => undefined,
    });

    await runner.rebuild('sneaky');

    expect(await credentials.find()).toEqual([{ _id: 'note-1', value: 'kept' }]);
    expect((await new ParkedEvents(readStore).ofTenant('t1')).map((parked) => [parked.projection, parked.error])).toEqual([
      ['sneaky', 'Error: Projection sneaky may not write credentials: it is write-side state, not a read model'],
    ]);
  });
});
