import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteEventStore, type RecordedEvent } from '@beacon/event-store';
import { SqliteReadStore, type Document } from '@beacon/read-store';
import { currentDocuments, replayedLiveUpdates } from './current-documents';
import type { ProjectionDefinition } from './projection';
import { ProjectionRunner } from './projection-runner';

interface NoteDocument extends Document {
  count: number;
  last: string;
}

const valueOf = (event: RecordedEvent) => (event.data as { value: string }).value;

/** One note per stream (deleted by the value 'delete'), and a live update carrying the documents it is given. */
const notes: ProjectionDefinition = {
  name: 'notes',
  collections: ['notes'],
  project: (event) => [
    {
      collection: 'notes',
      tenantId: String(event.metadata.tenantId),
      id: event.streamName,
      apply: (current) =>
        valueOf(event) === 'delete' ? null : { _id: event.streamName, count: ((current as NoteDocument | null)?.count ?? 0) + 1, last: valueOf(event) },
    },
  ],
  liveUpdate: (event, documents) => ({ type: event.type, resource: 'notes', id: event.streamName, data: documents, tenantId: String(event.metadata.tenantId) }),
};

/** A projection that ignores the documents, and one without live updates. */
const echoes: ProjectionDefinition = {
  name: 'echoes',
  collections: [],
  project: () => [],
  liveUpdate: (event) => ({ type: event.type, resource: 'echoes', id: event.streamName, data: event.data, tenantId: String(event.metadata.tenantId) }),
};
const silent: ProjectionDefinition = { name: 'silent', collections: [], project: () => [] };

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-current-documents-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

async function append(stream: string, ...values: string[]): Promise<void> {
  await eventStore.appendToStream(
    stream,
    values.map((value) => ({ id: crypto.randomUUID(), type: 'ValueRecorded', data: { value }, metadata: { tenantId: 't1' } })),
  );
}

async function applied(): Promise<RecordedEvent[]> {
  const runner = new ProjectionRunner({ eventStore, readStore, projections: [notes] });
  await runner.catchUp();
  await runner.stop();
  return eventStore.readAll();
}

describe('live updates of replayed events (catch-up)', () => {
  it('hands each projection the documents its changes name, as they now stand', async () => {
    await append('note-1', 'a', 'b');
    await append('note-2', 'x');
    const [first, second, third] = await applied();
    const latest = [{ _id: 'note-1', count: 2, last: 'b' }];
    for (const event of [first!, second!]) {
      expect(await replayedLiveUpdates(readStore, [notes, echoes, silent], event)).toEqual([
        { type: 'ValueRecorded', resource: 'notes', id: 'note-1', data: latest, tenantId: 't1', position: event.position },
        { type: 'ValueRecorded', resource: 'echoes', id: 'note-1', data: { value: valueOf(event) }, tenantId: 't1', position: event.position },
      ]);
    }
    expect((await replayedLiveUpdates(readStore, [notes], third!))[0]!.data).toEqual([{ _id: 'note-2', count: 1, last: 'x' }]);
  });

  it('leaves out documents that no longer exist', async () => {
    await append('note-1', 'a', 'delete');
    const [first] = await applied();
    expect((await replayedLiveUpdates(readStore, [notes], first!))[0]!.data).toEqual([]);
    expect(await currentDocuments(readStore, notes.project(first!))).toEqual([]);
  });
});
