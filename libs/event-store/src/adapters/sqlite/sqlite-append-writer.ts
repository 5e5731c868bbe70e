import type Database from 'better-sqlite3';
import { AppendResult, EventStoreError, ExpectedRevision, WrongExpectedRevisionError } from '../../event-store';
import { assertExpectedRevision } from '../../expected-revision';
import { matchRetryAfter, matchRetryInRecent } from '../../idempotency';
import { Outcome } from './group-commit-queue';
import { MAX_ROWS_PER_INSERT, SqliteStatements } from './sqlite-statements';

/** An event ready for its row: data and metadata already JSON, so a bad payload fails its own caller before the batch. */
export interface SerializedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export interface PendingAppend {
  readonly streamName: string;
  readonly events: readonly SerializedEvent[];
  readonly expectedRevision: ExpectedRevision;
}

export interface BatchResult {
  readonly outcomes: readonly Outcome<AppendResult>[];
  /** Whether any append stored events (an all-retry or all-rejected batch wakes no subscription). */
  readonly wroteEvents: boolean;
}

/**
 * How many of a stream's most recent events a retry with 'any' or 'stream-exists' is looked for in (or the
 * append's event count, if larger). EventStoreDB, too, only recognises such retries while it remembers the ids.
 */
export const RECENT_EVENTS_CHECKED = 100;

/** Writes batches of appends; each append is decided on its own inside the batch's transaction. */
export class SqliteAppendWriter {
  private readonly writeAll: Database.Transaction<(appends: readonly PendingAppend[], recordedAt: string) => BatchResult>;

  constructor(
    db: Database.Database,
    private readonly statements: SqliteStatements,
  ) {
    this.writeAll = db.transaction((appends: readonly PendingAppend[], recordedAt: string) => {
      let wroteEvents = false;
      const outcomes = appends.map((append): Outcome<AppendResult> => {
        try {
          const { result, wrote } = this.appendOne(append, recordedAt);
          wroteEvents ||= wrote;
          return { ok: true, value: result };
        } catch (error) {
          if (error instanceof EventStoreError) return { ok: false, error };
          throw error;
        }
      });
      return { outcomes, wroteEvents };
    });
  }

  /**
   * One IMMEDIATE transaction (one fsync) for the whole batch. IMMEDIATE takes the write lock before the
   * first stream head is read, so another process cannot append between our check and our insert; and as
   * positions are taken under that lock, commits become visible in position order and pollers skip nothing.
   * An append is refused (EventStoreError) before it writes anything; any other failure fails the whole batch.
   */
  writeBatch(appends: readonly PendingAppend[]): BatchResult {
    return this.writeAll.immediate(appends, new Date().toISOString());
  }

  private appendOne(append: PendingAppend, recordedAt: string): { result: AppendResult; wrote: boolean } {
    const head = this.statements.streamHead.get(append.streamName);
    if (append.events.length === 0) {
      assertExpectedRevision(append.streamName, append.expectedRevision, head);
      return { result: { nextExpectedRevision: head ?? -1, position: this.statements.storePosition.get() ?? 0 }, wrote: false };
    }
    const retried = this.matchRetry(append, head);
    if (retried) return { result: retried, wrote: false };
    return { result: this.insertRows(append, (head ?? -1) + 1, recordedAt), wrote: true };
  }

  /**
   * Recognises a retry of an append that already succeeded, as EventStoreDB does (no event-id index needed):
   * answers the first attempt's result, throws when the append is refused, and answers undefined for a new
   * append that meets its expected revision.
   * - a revision or 'no-stream' the stream has moved past: its events right after that revision must be the
   *   append's (all: a retry; some, from the first: DuplicateEventIdError; none: WrongExpectedRevisionError);
   * - 'any' or 'stream-exists' on an existing stream: the same, looked for among its RECENT_EVENTS_CHECKED last events.
   */
  private matchRetry(
    { streamName, events, expectedRevision }: PendingAppend,
    head: number | undefined,
  ): AppendResult | undefined {
    if (head === undefined) {
      assertExpectedRevision(streamName, expectedRevision, head);
      return undefined;
    }
    const ids = events.map(({ id }) => id);
    if (expectedRevision === 'any' || expectedRevision === 'stream-exists') {
      const after = head - Math.max(ids.length, RECENT_EVENTS_CHECKED);
      const found =
        ids.length === 1
          ? this.statements.eventsWithIdAfter.all(streamName, after, ids[0])
          : this.statements.eventsWithIdsAfter.all(streamName, after, JSON.stringify(ids));
      return matchRetryInRecent(streamName, ids, found);
    }
    const expected = expectedRevision === 'no-stream' ? -1 : expectedRevision;
    if (head === expected) return undefined;
    if (head > expected) {
      const retried = matchRetryAfter(streamName, ids, this.statements.eventsAfter.all(streamName, expected, ids.length));
      if (retried) return retried;
    }
    throw new WrongExpectedRevisionError(streamName, expectedRevision, head);
  }

  /**
   * Inserts the append's events in runs of a power of two rows (one statement each: about 3 for 100 events).
   * No savepoint: a run cannot be refused once the append is decided, so a failing INSERT fails the whole batch.
   */
  private insertRows({ streamName, events }: PendingAppend, firstRevision: number, recordedAt: string): AppendResult {
    let position = 0;
    for (let offset = 0; offset < events.length; ) {
      const rows = largestPowerOfTwoUpTo(Math.min(events.length - offset, MAX_ROWS_PER_INSERT));
      const values: unknown[] = new Array(rows * 4 + 1);
      for (let i = 0; i < rows; i++) {
        const { id, type, data, metadata } = events[offset + i];
        values[i * 4] = id;
        values[i * 4 + 1] = type;
        values[i * 4 + 2] = data;
        values[i * 4 + 3] = metadata;
      }
      values[rows * 4] = { stream: streamName, revision: firstRevision + offset, recordedAt };
      // The statement's last row is the last event inserted so far: its rowid is the append's position.
      position = Number(this.statements.insert(rows).run(...values).lastInsertRowid);
      offset += rows;
    }
    return { nextExpectedRevision: firstRevision + events.length - 1, position };
  }
}

function largestPowerOfTwoUpTo(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}
