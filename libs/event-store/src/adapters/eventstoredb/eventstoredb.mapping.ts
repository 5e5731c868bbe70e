import {
  ANY,
  AppendExpectedRevision,
  CurrentRevision,
  EventData as EsdbEventData,
  jsonEvent,
  JSONType,
  NO_STREAM,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  EventData,
  EventMetadata,
  EventStoreError,
  EventStoreUnavailableError,
  ExpectedRevision,
  RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../../event-store';

/** Pure translations between the port and @eventstore/db-client v6. */

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no-stream':
      return NO_STREAM;
    case 'stream-exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

export function fromEsdbExpectedRevision(expected: AppendExpectedRevision): ExpectedRevision {
  switch (expected) {
    case ANY:
      return 'any';
    case NO_STREAM:
      return 'no-stream';
    case STREAM_EXISTS:
      return 'stream-exists';
    default:
      return Number(expected);
  }
}

export function fromEsdbCurrentRevision(current: CurrentRevision): number | 'no-stream' {
  return current === NO_STREAM ? 'no-stream' : Number(current);
}

/**
 * A port position is the event's commit position. Since 20.x every appended event is its own committed
 * record, so commit positions are unique per event and increase in `$all` order.
 */
export function fromEsdbPosition(position: Position): number {
  return Number(position.commit);
}

/** Where to start reading `$all` so that the event at `position` is the first one returned (the server reads inclusively). */
export function toEsdbReadPosition(position: number): ReadPosition {
  return position <= 0 ? START : { commit: BigInt(position), prepare: BigInt(position) };
}

export function toEsdbEvent(event: EventData): EsdbEventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data as JSONType,
    metadata: (event.metadata ?? {}) as JSONType,
  });
}

/** Server-internal events ($statsCollected, $metadata, ...) have types starting with '$'; the port never shows them. */
export function isSystemEvent(event: { readonly type: string }): boolean {
  return event.type.startsWith('$');
}

/** Stream reads on servers before 22.6 carry no position (or the all-ones placeholder): those servers are not supported. */
export function fromEsdbEvent(event: EsdbRecordedEvent): RecordedEvent {
  if (event.position === undefined || event.position.commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new EventStoreUnavailableError('EventStoreDB returned an event without its position; version 22.6 or later is required');
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: isJsonObject(event.metadata) ? (event.metadata as EventMetadata) : {},
    streamName: event.streamId,
    revision: Number(event.revision),
    position: fromEsdbPosition(event.position),
    recordedAt: event.created.toISOString(),
  };
}

/** The client parses JSON metadata itself; absent or binary metadata reads as none. */
function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value);
}

/**
 * Maps a client error into the port's taxonomy: revision conflicts and missing streams keep their meaning;
 * everything else the server or the network did is the store being unavailable.
 */
export function fromEsdbError(error: unknown, expected?: ExpectedRevision): EventStoreError {
  if (error instanceof EventStoreError) return error;
  if (error instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevisionError(
      error.streamName,
      expected ?? fromEsdbExpectedRevision(error.expectedVersion),
      fromEsdbCurrentRevision(error.actualVersion),
    );
  }
  if (error instanceof EsdbStreamNotFoundError) return new StreamNotFoundError(error.streamName);
  const message = error instanceof Error ? error.message : String(error);
  return new EventStoreUnavailableError(`EventStoreDB failed: ${message}`, error);
}
