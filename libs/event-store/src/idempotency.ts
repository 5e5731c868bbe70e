import { AppendResult, DuplicateEventIdError, EventData } from './event-store';

/** Where an event id is already stored. */
export interface StoredEventRef {
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
}

/** A stored event with its id, as the retry checks read it. */
export interface StoredEventId extends StoredEventRef {
  readonly id: string;
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

/**
 * EventStoreDB's retry check for an append whose expected revision (a number, or 'no-stream' as -1) the stream
 * has moved past. `following` are the stream's events from revision expected + 1 on, in order (as many as the
 * append has events, fewer if the stream ends sooner). Compared one for one with the append's ids:
 * - all equal: a retry, answered with the first attempt's result;
 * - equal from the first up to some point, then not (or the stream ends): a retry that does not match its first
 *   attempt (DuplicateEventIdError);
 * - the first differs: not a retry (undefined); the caller reports its conflict.
 */
export function matchRetryAfter(
  streamName: string,
  eventIds: readonly string[],
  following: readonly StoredEventId[],
): AppendResult | undefined {
  let matched = 0;
  while (matched < eventIds.length && following[matched]?.id === eventIds[matched]) matched++;
  if (matched === 0) return undefined;
  if (matched < eventIds.length) throw new DuplicateEventIdError(streamName, eventIds[0]);
  const last = following[matched - 1];
  return { nextExpectedRevision: last.revision, position: last.position };
}

/**
 * The retry check for an append with 'any' or 'stream-exists', which names no revision to compare at: `found` are
 * those of the stream's most recent events whose ids the append carries, in any order. The recent events are a
 * bounded window: like EventStoreDB, which only remembers recent ids in this case, an older first attempt is not
 * recognised and its retry appends again. Within the window, matchPriorAppend decides:
 * - the append's ids all there, in order and contiguous: a retry, answered with the first attempt's result;
 * - some there otherwise (a partial or reordered match, or a first attempt partly out of the window):
 *   DuplicateEventIdError;
 * - none there: a new append (undefined).
 */
export function matchRetryInRecent(
  streamName: string,
  eventIds: readonly string[],
  found: readonly StoredEventId[],
): AppendResult | undefined {
  if (found.length === 0) return undefined;
  const byId = new Map(found.map((event) => [event.id, event]));
  return matchPriorAppend(
    streamName,
    eventIds,
    eventIds.map((id) => byId.get(id)),
  );
}
