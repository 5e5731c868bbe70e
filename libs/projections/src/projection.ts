import type { LiveUpdate } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, DocumentChange, IndexSpec, ReadStore } from '@beacon/read-store';

/** A read model: pure functions of (document, event), owning the collections it writes. */
export interface ProjectionDefinition {
  readonly name: string;
  readonly collections: readonly string[];
  /** Indexes per collection that the read model's queries filter, sort and page by. */
  readonly indexes?: Readonly<Record<string, readonly IndexSpec[]>>;
  /** The document changes one event makes; an empty list for events the projection ignores. */
  project(event: RecordedEvent): DocumentChange[];
  /**
   * The live update consoles should receive for the event, if any. `documents` are the documents
   * this projection's changes for the event wrote, one per change in order (deleted ones left out):
   * as the event left them when the runner applies it, as they now stand when a reconnecting
   * console catches up. So an update can carry a whole read-model document the event alone does
   * not hold.
   */
  liveUpdate?(event: RecordedEvent, documents: readonly Document[]): Omit<LiveUpdate, 'position'> | null;
  /**
   * A heavy read model that nothing on the way of a send waits for (a report): its node applies it on a
   * runner of its own that gives way while the others are behind, so it trails a large broadcast by a few
   * seconds rather than slowing it. Reads of it are not held for a position (read-your-writes).
   */
  readonly background?: boolean;
}

/** Creates (or keeps) every index the projections declare; each node runs it at start, so it is idempotent. */
export async function ensureProjectionIndexes(readStore: ReadStore, projections: readonly ProjectionDefinition[]): Promise<void> {
  for (const projection of projections) {
    for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) await readStore.ensureIndexes(collection, indexes);
  }
}

/** For one event: the documents a projection's changes wrote (see ProjectionDefinition.liveUpdate). */
export type ProjectedDocuments = (projection: ProjectionDefinition) => readonly Document[];

/** The live updates a set of projections produces for one event, in projection order. */
export function liveUpdatesFor(projections: readonly ProjectionDefinition[], event: RecordedEvent, documentsOf: ProjectedDocuments): LiveUpdate[] {
  const updates: LiveUpdate[] = [];
  for (const projection of projections) {
    if (!projection.liveUpdate) continue;
    const update = projection.liveUpdate(event, documentsOf(projection));
    // A background read model's updates come after the others' of later events: the client is told not to drop them as old.
    if (update) updates.push({ ...update, position: event.position, ...(projection.background ? { trailing: true } : {}) });
  }
  return updates;
}
