import type { LiveUpdate } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import type { DocumentChange } from '@beacon/read-store';

/** A read model: pure functions of (document, event), owning the collections it writes. */
export interface ProjectionDefinition {
  readonly name: string;
  readonly collections: readonly string[];
  /** The document changes one event makes; an empty list for events the projection ignores. */
  project(event: RecordedEvent): DocumentChange[];
  /** The live update consoles should receive for the event, if any. */
  liveUpdate?(event: RecordedEvent): Omit<LiveUpdate, 'position'> | null;
}

/** The live updates a set of projections produces for one event, in projection order. */
export function liveUpdatesFor(projections: readonly ProjectionDefinition[], event: RecordedEvent): LiveUpdate[] {
  const updates: LiveUpdate[] = [];
  for (const projection of projections) {
    const update = projection.liveUpdate?.(event);
    if (update) updates.push({ ...update, position: event.position });
  }
  return updates;
}
