import { AppendResult, DuplicateEventIdError, EventData } from './event-store';

/** Where an event id is already stored. */
export interface StoredEventRef {
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
}

/** Two events with one id in a single append can never be told apart from a retry, so they are refused up front. */
export function assertDistinctEventIds(streamName: string, events: readonly EventData[]): void {
  const seen = new Set<string>();
  for (const { id } of events) {
    if (seen.has(id)) throw new DuplicateEventIdError(streamName, id);
    seen.add(id);
  }
}

/**
 * Interprets an append whose ids may already be stored (`stored[i]` is where `eventIds[i]` is, if anywhere).
 * - none stored: a new append (undefined);
 * - all stored in this stream, in order and contiguous: a retry, answered with the first attempt's result;
 * - anything else: a retry that does not match its first attempt (DuplicateEventIdError).
 */
export function matchPriorAppend(
  streamName: string,
  eventIds: readonly string[],
  stored: readonly (StoredEventRef | undefined)[],
): AppendResult | undefined {
  const firstStoredIndex = stored.findIndex((ref) => ref !== undefined);
  if (firstStoredIndex === -1) return undefined;
  const first = stored[0];
  const isContiguousRun =
    first !== undefined &&
    stored.every((ref, i) => ref !== undefined && ref.streamName === streamName && ref.revision === first.revision + i);
  if (!isContiguousRun) throw new DuplicateEventIdError(streamName, eventIds[firstStoredIndex]);
  const last = stored[stored.length - 1] as StoredEventRef;
  return { nextExpectedRevision: last.revision, position: last.position };
}
