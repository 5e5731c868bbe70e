/**
 * The event store port. Streams are named `<aggregate>-<id>`; revisions count from 0 within a
 * stream; positions are the global order across all streams (strictly increasing, not dense).
 */

/** Metadata every event carries: tenant, actor, idempotency and tracing ids, acceptance time. */
export interface EventMetadata {
  readonly tenantId?: string;
  readonly customerGroupId?: string;
  readonly actorUserId?: string | null;
  readonly commandId?: string;
  /** sha256 of the body of the request whose Idempotency-Key named the command: a retry must match it. */
  readonly requestFingerprint?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly acceptedAt?: string;
  readonly [key: string]: unknown;
}

export interface EventData<TData = unknown> {
  /**
   * Unique id (UUID). It makes retries safe, as in EventStoreDB: an append whose events the stream already holds
   * right after the append's expected revision appends nothing and answers the first attempt's result (with 'any'
   * or 'stream-exists', only while the first attempt is among the stream's recent events); one that holds only
   * some of them throws DuplicateEventIdError. Ids are not checked otherwise.
   */
  readonly id: string;
  readonly type: string;
  readonly data: TData;
  readonly metadata?: EventMetadata;
}

export interface RecordedEvent<TData = unknown> {
  readonly id: string;
  readonly type: string;
  readonly data: TData;
  readonly metadata: EventMetadata;
  readonly streamName: string;
  /** 0-based index of the event within its stream. */
  readonly revision: number;
  /** Global position; strictly increasing across the store. */
  readonly position: number;
  /** ISO-8601 time the store recorded the event. */
  readonly recordedAt: string;
}

/** A stream revision the caller expects: the revision of the stream's last event, or a condition. */
export type ExpectedRevision = number | 'no-stream' | 'stream-exists' | 'any';

export interface AppendOptions {
  readonly expectedRevision?: ExpectedRevision;
  /**
   * Called synchronously the moment the append is durable, before the returned promise settles and
   * before any other caller's continuation runs: for work that must follow the record with nothing in
   * between (a message let go to its provider only once its handover is on disk). It must be quick and
   * must not throw; an error it throws is ignored. Not called when the append fails.
   */
  readonly onCommitted?: (result: AppendResult) => void;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  readonly nextExpectedRevision: number;
  /** Global position of the last appended event. */
  readonly position: number;
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive); default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events after this position (exclusive); default: from the start. */
  readonly fromPosition?: number;
  readonly maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Deliver events after this position (exclusive); default: from the start. */
  readonly fromPosition?: number;
  /** Largest batch handed to the handler at once. */
  readonly maxBatchSize?: number;
}

/** Batches arrive in global order; the next batch waits until the handler's promise settles. */
export type SubscriptionHandler = (events: readonly RecordedEvent[]) => Promise<void>;

export interface Subscription {
  /** Stops delivery; resolves once the handler is no longer running. */
  stop(): Promise<void>;
  /** Resolves once stopped; rejects with the handler's error if it throws (the subscription stops then). */
  readonly done: Promise<void>;
}

export interface EventStore {
  appendToStream(streamName: string, events: readonly EventData[], options?: AppendOptions): Promise<AppendResult>;
  /** Throws StreamNotFoundError when the stream has no events. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeToAllOptions, handler: SubscriptionHandler): Subscription;
  /** Position of the last event in the store, 0 when empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export class EventStoreError extends Error {}

export class WrongExpectedRevisionError extends EventStoreError {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no-stream',
  ) {
    super(`Wrong expected revision on ${streamName}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export class StreamNotFoundError extends EventStoreError {
  constructor(readonly streamName: string) {
    super(`Stream not found: ${streamName}`);
    this.name = 'StreamNotFoundError';
  }
}

/**
 * A retry that does not match its first attempt (only some of its events are stored where it would have put them,
 * or, with 'any' or 'stream-exists', it reuses a recent event id otherwise), or an append carrying one id twice.
 */
export class DuplicateEventIdError extends EventStoreError {
  constructor(
    readonly streamName: string,
    readonly eventId: string,
  ) {
    super(`Event ${eventId} was already appended with a different batch on ${streamName}`);
    this.name = 'DuplicateEventIdError';
  }
}

/** The store cannot be reached or failed for a reason outside the caller's control. */
export class EventStoreUnavailableError extends EventStoreError {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'EventStoreUnavailableError';
  }
}
