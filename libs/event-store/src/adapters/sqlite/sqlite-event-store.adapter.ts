import type Database from 'better-sqlite3';
import {
  AppendOptions,
  AppendResult,
  EventData,
  EventStore,
  EventStoreUnavailableError,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamNotFoundError,
  SubscribeToAllOptions,
  Subscription,
  SubscriptionHandler,
} from '../../event-store';
import { assertDistinctEventIds } from '../../idempotency';
import { SubscriptionRegistry } from '../../subscription/subscription-registry';
import { ChangeSignal } from '../../subscription/change-signal';
import { GroupCommitQueue } from './group-commit-queue';
import { WalCheckpoints } from './wal-checkpoints';
import { WalSync } from './wal-sync';
import { PendingAppend, SerializedEvent, SqliteAppendWriter } from './sqlite-append-writer';
import { openDatabase } from './sqlite-database';
import { translateSqliteError } from './sqlite-errors';
import { SqliteStreamHeads } from './sqlite-stream-heads';
import { prepareStatements, SqliteStatements, toRecordedEvent } from './sqlite-statements';

export interface SqliteEventStoreOptions {
  /** Database file (created with its directory if missing), or ':memory:' for a private store. */
  readonly path: string;
  /** How often live subscriptions look for events appended by other processes; default 100 ms. */
  readonly pollIntervalMs?: number;
  /** How long a write waits for another process's transaction before failing; default 5 s. */
  readonly busyTimeoutMs?: number;
}

const NO_LIMIT = -1;

/**
 * The embedded event store: one SQLite file, shareable by several processes.
 * Appends are group-committed; an append of zero events stores nothing, still checks the expected
 * revision, and answers the stream's last revision (-1 when it has none) and the store's head position.
 * Retries are recognised as EventStoreDB recognises them: by the events right after the expected revision, or,
 * with 'any' and 'stream-exists', among the stream's last 100 events (RECENT_EVENTS_CHECKED; more for a larger
 * append); a retry older than that appends again. Event ids are not checked otherwise.
 */
export class SqliteEventStore implements EventStore {
  private readonly statements: SqliteStatements;
  private readonly queue: GroupCommitQueue<PendingAppend, AppendResult>;
  private readonly changes = new ChangeSignal();
  private readonly subscriptions: SubscriptionRegistry;
  private readonly heads: SqliteStreamHeads;
  private readonly wal: WalSync;
  private commits = 0;
  private closed = false;
  private closing: Promise<void> | undefined;

  static open(options: SqliteEventStoreOptions): SqliteEventStore {
    try {
      return new SqliteEventStore(openDatabase(options.path, options.busyTimeoutMs ?? 5_000), options);
    } catch (error) {
      throw translateSqliteError(error);
    }
  }

  private constructor(
    private readonly db: Database.Database,
    options: SqliteEventStoreOptions,
  ) {
    this.subscriptions = new SubscriptionRegistry(
      { readAfter: (position, maxCount) => this.readAll({ fromPosition: position, maxCount }), changes: this.changes },
      options.pollIntervalMs ?? 100,
    );
    this.statements = prepareStatements(db);
    this.heads = new SqliteStreamHeads(db);
    const writer = new SqliteAppendWriter(db, this.statements);
    this.wal = new WalSync(db.memory || db.name === '' ? null : db.name);
    const checkpoints = new WalCheckpoints(db);
    let wroteEvents = false;
    this.queue = new GroupCommitQueue(
      (appends) => {
        let batch;
        try {
          batch = writer.writeBatch(appends);
        } catch (error) {
          throw translateSqliteError(error);
        }
        this.commits++;
        this.heads.forget();
        wroteEvents = batch.wroteEvents;
        if (wroteEvents) checkpoints.wrote(bytesOf(appends));
        return batch.outcomes;
      },
      // The commit hooks have run: now the fsync that acknowledges the batch (a batch that only checked revisions
      // wrote nothing), and only then are this process's subscriptions woken, so nothing acts on an event a power
      // loss could still take back.
      () => {
        if (!wroteEvents) return;
        let synced: Promise<void> | undefined;
        try {
          synced = this.wal.sync();
        } finally {
          if (!synced) {
            this.changes.notify();
            checkpoints.afterBatch();
          }
        }
        return synced?.finally(() => {
          this.changes.notify();
          // Between batches (the next one commits once this settles): never inside a commit and its hooks.
          checkpoints.afterBatch();
        });
      },
    );
  }

  /** Transactions committed by this instance; far below the number of appends when group commit works. */
  get commitCount(): number {
    return this.commits;
  }

  appendToStream(streamName: string, events: readonly EventData[], options: AppendOptions = {}): Promise<AppendResult> {
    if (this.closed) return Promise.reject(closedError());
    let serialized: SerializedEvent[];
    try {
      assertDistinctEventIds(streamName, events);
      serialized = events.map(serializeEvent);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.queue.submit({ streamName, events: serialized, expectedRevision: options.expectedRevision ?? 'any' }, options.onCommitted);
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.fromRevision ?? 0;
    const maxCount = options.maxCount ?? NO_LIMIT;
    return this.read(() => {
      const knownHead = this.heads.get(streamName);
      if (knownHead !== undefined && fromRevision > knownHead) return [];
      const rows = this.statements.readStream.all(streamName, fromRevision, maxCount);
      if (rows.length === 0) {
        const head = this.statements.streamHead.get(streamName);
        if (head === undefined) throw new StreamNotFoundError(streamName);
        this.heads.remember(streamName, head);
      } else if (maxCount === NO_LIMIT) {
        this.heads.remember(streamName, rows[rows.length - 1]!.revision);
      }
      return rows.map(toRecordedEvent);
    });
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.read(() =>
      this.statements.readAll.all(options.fromPosition ?? 0, options.maxCount ?? NO_LIMIT).map(toRecordedEvent),
    );
  }

  async headPosition(): Promise<number> {
    return this.read(() => this.statements.storePosition.get() ?? 0);
  }

  /** Live delivery wakes on this instance's commits at once and polls for other processes' commits. */
  subscribeToAll(options: SubscribeToAllOptions, handler: SubscriptionHandler): Subscription {
    // Refused from the start of close(): a subscription created after its stop round would outlive the file.
    if (this.closing) throw closedError();
    return this.subscriptions.open(options, handler);
  }

  /** Stops subscriptions (their handlers may still append), commits queued appends, then closes the file. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await this.subscriptions.stopAll();
    this.closed = true;
    await this.queue.flush();
    this.wal.close();
    this.db.close();
  }

  private read<T>(query: () => T): T {
    if (this.closed) throw closedError();
    try {
      return query();
    } catch (error) {
      throw translateSqliteError(error);
    }
  }
}

function serializeEvent(event: EventData): SerializedEvent {
  return {
    id: event.id,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata ?? {}),
  };
}

function closedError(): EventStoreUnavailableError {
  return new EventStoreUnavailableError('The event store is closed');
}

/** About the bytes a batch writes to the WAL (its events' text; the index entries add a little). */
function bytesOf(appends: readonly PendingAppend[]): number {
  let bytes = 0;
  for (const append of appends) for (const event of append.events) bytes += event.data.length + event.metadata.length + event.type.length + event.id.length + append.streamName.length;
  return bytes;
}
