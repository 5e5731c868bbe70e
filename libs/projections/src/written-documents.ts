import type { RecordedEvent } from '@beacon/event-store';
import { ReadStoreUnavailableError, type Document, type DocumentChange, type ReadStore } from '@beacon/read-store';
import { currentDocuments } from './current-documents';
import type { ProjectedDocuments, ProjectionDefinition } from './projection';

interface Watched {
  readonly change: DocumentChange;
  applied: boolean;
  document: Document | null;
}

/**
 * What each change of a batch wrote, for the live updates: the runner hands the read store changes
 * that note their result when applied (apply functions are pure, so noting the result changes
 * nothing). A change the store skipped, as the event was already applied before (a replay after a
 * restart), reads its document as it now stands instead.
 */
export class WrittenDocuments {
  private readonly watched = new Map<ProjectionDefinition, Map<number, Watched[]>>();

  /** The changes to hand the read store for the projection and event. */
  watch(projection: ProjectionDefinition, event: RecordedEvent, changes: readonly DocumentChange[]): DocumentChange[] {
    const entries: Watched[] = changes.map((change) => ({ change, applied: false, document: null }));
    let byPosition = this.watched.get(projection);
    if (!byPosition) this.watched.set(projection, (byPosition = new Map()));
    byPosition.set(event.position, entries);
    return entries.map((entry) => ({
      ...entry.change,
      apply: (current) => {
        const next = entry.change.apply(current);
        entry.applied = true;
        // The read store gives the document the change's id whatever the function returned.
        entry.document = next && (next._id === entry.change.id ? next : { ...next, _id: entry.change.id });
        return next;
      },
    }));
  }

  /** Leaves out what a projection's changes for the event did: the event was parked instead. */
  forget(projection: ProjectionDefinition, position: number): void {
    this.watched.get(projection)?.delete(position);
  }

  /** After the batch is applied: per projection, the documents its changes wrote for the event. */
  async of(readStore: ReadStore, event: RecordedEvent): Promise<ProjectedDocuments> {
    const documents = new Map<ProjectionDefinition, Document[]>();
    for (const [projection, byPosition] of this.watched) {
      const written: Document[] = [];
      for (const entry of byPosition.get(event.position) ?? []) {
        const [document] = entry.applied ? [entry.document] : await currentDocumentsOrNone(readStore, entry.change);
        if (document) written.push(document);
      }
      documents.set(projection, written);
    }
    return (projection) => documents.get(projection) ?? [];
  }
}

/** A change the store could not take (its event was parked) names no document to show. */
async function currentDocumentsOrNone(readStore: ReadStore, change: DocumentChange): Promise<Document[]> {
  try {
    return await currentDocuments(readStore, [change]);
  } catch (error) {
    if (error instanceof ReadStoreUnavailableError) throw error;
    return [];
  }
}
