import type { LiveUpdate } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import { ReadStoreUnavailableError, type Document, type DocumentChange, type ReadStore } from '@beacon/read-store';
import { liveUpdatesFor, type ProjectionDefinition } from './projection';

/** The documents the changes name, as they now stand in the read store, one per change (missing ones left out). */
export async function currentDocuments(readStore: ReadStore, changes: readonly DocumentChange[]): Promise<Document[]> {
  const documents: Document[] = [];
  for (const change of changes) {
    const document = await readStore.scope(change.tenantId).collection(change.collection).findOne({ _id: change.id });
    if (document) documents.push(document);
  }
  return documents;
}

/**
 * The live updates of an event replayed from the event store without applying it again (a
 * reconnecting console catching up): each projection builds its update from the documents its
 * changes name, as they now stand. A console that missed several events gets the latest state
 * with each of them, which is what it wants. A projection that cannot handle the event (one its
 * runner parked) is left out rather than failing the whole catch-up.
 */
export async function replayedLiveUpdates(readStore: ReadStore, projections: readonly ProjectionDefinition[], event: RecordedEvent): Promise<LiveUpdate[]> {
  const updates: LiveUpdate[] = [];
  for (const projection of projections) {
    if (!projection.liveUpdate) continue;
    try {
      const documents = await currentDocuments(readStore, projection.project(event));
      updates.push(...liveUpdatesFor([projection], event, () => documents));
    } catch (error) {
      if (error instanceof ReadStoreUnavailableError) throw error;
    }
  }
  return updates;
}
