import type Database from 'better-sqlite3';
import { AppendResult, EventStoreError, ExpectedRevision } from '../../event-store';
import { assertExpectedRevision, meetsExpectedRevision } from '../../expected-revision';
import { matchPriorAppend } from '../../idempotency';
import { Outcome } from './group-commit-queue';
import { isUniqueConstraintError } from './sqlite-errors';
import { SqliteStatements } from './sqlite-statements';

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

/** Writes batches of appends; each append is decided on its own inside the batch's transaction. */
export class SqliteAppendWriter {
  private readonly writeAll: Database.Transaction<(appends: readonly PendingAppend[], recordedAt: string) => BatchResult>;
  private readonly insertEvents: Database.Transaction<
    (append: PendingAppend, firstRevision: number, recordedAt: string) => AppendResult
  >;

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
    // Run inside writeAll, better-sqlite3 turns this into a savepoint: a failed append rolls back alone.
    this.insertEvents = db.transaction((append: PendingAppend, firstRevision: number, recordedAt: string) =>
      this.insertRows(append, firstRevision, recordedAt),
    );
  }

  /**
   * One IMMEDIATE transaction (one fsync) for the whole batch. IMMEDIATE takes the write lock before the
   * first stream head is read, so another process cannot append between our check and our insert; and as
   * positions are taken under that lock, commits become visible in position order and pollers skip nothing.
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
    if (!meetsExpectedRevision(append.expectedRevision, head)) {
      // A retry of an append that already succeeded no longer meets its expected revision: answer it as the first time.
      const prior = this.priorAppend(append);
      if (prior) return { result: prior, wrote: false };
      assertExpectedRevision(append.streamName, append.expectedRevision, head);
    }
    try {
      const firstRevision = (head ?? -1) + 1;
      // One INSERT is atomic by itself (a failing statement is undone alone), so single events skip the savepoint.
      const result =
        append.events.length === 1
          ? this.insertRows(append, firstRevision, recordedAt)
          : this.insertEvents(append, firstRevision, recordedAt);
      return { result, wrote: true };
    } catch (error) {
      // Stream heads cannot move under the write lock, so a unique violation here is an event id already in the stream.
      const prior = isUniqueConstraintError(error) ? this.priorAppend(append) : undefined;
      if (prior) return { result: prior, wrote: false };
      throw error;
    }
  }

  private insertRows(append: PendingAppend, firstRevision: number, recordedAt: string): AppendResult {
    let position = 0;
    append.events.forEach((event, i) => {
      const info = this.statements.insert.run(
        append.streamName,
        firstRevision + i,
        event.id,
        event.type,
        event.data,
        event.metadata,
        recordedAt,
      );
      position = Number(info.lastInsertRowid);
    });
    return { nextExpectedRevision: firstRevision + append.events.length - 1, position };
  }

  private priorAppend(append: PendingAppend): AppendResult | undefined {
    const ids = append.events.map(({ id }) => id);
    return matchPriorAppend(
      append.streamName,
      ids,
      ids.map((id) => this.statements.eventInStream.get(append.streamName, id)),
    );
  }
}
