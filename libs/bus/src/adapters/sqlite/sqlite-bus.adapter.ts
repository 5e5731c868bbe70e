import Database from 'better-sqlite3';
import {
  BusError,
  BusUnavailableError,
  type BatchHandler,
  type Bus,
  type ConsumeBatchOptions,
  type ConsumeOptions,
  type Consumer,
  type MessageHandler,
  type OutgoingMessage,
} from '../../bus';
import { maxBatchSizeOf } from '../../batch-size';
import { encodeValue } from '../../message-codec';
import { LeaseManager } from './lease-manager';
import { BUS_IDLE_GROUP_MS, BUS_RETENTION_INTERVAL_MS, MessageRetention } from './message-retention';
import type { ErrorReporter } from './partition-worker';
import { GroupCommit } from './group-commit';
import { openBusDatabase } from './sqlite-bus.schema';
import { SqliteBusStore, type OffsetCommit, type TopicBatch } from './sqlite-bus.store';
import { SqliteConsumer } from './sqlite-consumer';

export interface SqliteBusOptions {
  /** The SQLite file; processes sharing it share topics and consumer groups. */
  readonly path: string;
  /** Partitions of topics this bus creates (default 8); an existing topic keeps its own count. */
  readonly partitions?: number;
  /** How long a member's partitions stay its own without a heartbeat (default 5 s); heartbeats run at a fifth of it. */
  readonly leaseMs?: number;
  /** How often idle consumers look for messages published by other processes (default 50 ms). */
  readonly pollMs?: number;
  /**
   * A handler running longer than this (default 5 min, like Kafka's max.poll.interval.ms) marks its
   * consumer as hung: it stops heartbeating so the group hands its partitions to others.
   */
  readonly maxProcessingMs?: number;
  /** Handler failures (each one is retried) and background errors; defaults to console.warn. */
  readonly onError?: ErrorReporter;
  /** A group with neither a member nor a commit for this long stops holding messages back (default 7 days). */
  readonly idleGroupMs?: number;
  /** How often messages every active group has read are removed (default 10 s). */
  readonly retentionIntervalMs?: number;
}

const DEFAULTS = {
  partitions: 8,
  leaseMs: 5_000,
  pollMs: 50,
  maxProcessingMs: 300_000,
  fetchLimit: 100,
  idleGroupMs: BUS_IDLE_GROUP_MS,
  retentionIntervalMs: BUS_RETENTION_INTERVAL_MS,
};

const warn: ErrorReporter = (error, context) => console.warn(`[bus] ${context}:`, error);

/** The embedded bus: a durable, partitioned, Kafka-like log in SQLite. */
export class SqliteBus implements Bus {
  private readonly consumers = new Set<SqliteConsumer>();
  private readonly publishes = new GroupCommit<TopicBatch, void>((batches) => this.append(batches));
  private readonly commits = new GroupCommit<OffsetCommit, boolean>((commits) =>
    wrapErrors('committing', () => this.store.commit(commits)),
  );
  private closed = false;
  private readonly retention: MessageRetention;
  private readonly retentionTimer: NodeJS.Timeout;

  private constructor(
    private readonly db: Database.Database,
    private readonly store: SqliteBusStore,
    private readonly leases: LeaseManager,
    private readonly settings: Required<Omit<SqliteBusOptions, 'path'>> & { readonly fetchLimit: number },
  ) {
    this.retention = new MessageRetention(db, settings.idleGroupMs);
    this.retentionTimer = setInterval(() => this.removeRead(), settings.retentionIntervalMs).unref();
  }

  /** Removes the messages every active group has read; a busy file is tried again at the next turn. */
  removeRead(): number {
    if (this.closed) return 0;
    try {
      return this.retention.sweep();
    } catch (error) {
      this.settings.onError(error, 'removing read messages');
      return 0;
    }
  }

  static open(options: SqliteBusOptions): SqliteBus {
    const settings = { ...DEFAULTS, onError: warn, ...withoutUndefined(options) };
    validate(settings);
    const db = wrapErrors(`opening ${options.path}`, () => openBusDatabase(options.path));
    return new SqliteBus(db, new SqliteBusStore(db, settings.partitions), new LeaseManager(db, settings.leaseMs), settings);
  }

  publish<T>(topic: string, key: string, value: T, headers?: Record<string, string>): Promise<void> {
    return this.publishBatch(topic, [{ key, value, headers }]);
  }

  async publishBatch<T>(topic: string, messages: readonly OutgoingMessage<T>[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const encoded = messages.map((message) => ({
      key: message.key,
      value: encodeValue(message.value),
      headers: JSON.stringify(message.headers ?? {}),
    }));
    await this.publishes.enqueue({ topic, messages: encoded });
  }

  async consume<T>(
    topic: string,
    group: string,
    handler: MessageHandler<T>,
    options: ConsumeOptions = {},
  ): Promise<Consumer> {
    const each = handler as MessageHandler<unknown>;
    return this.subscribe(topic, group, async (messages) => each(messages[0]!), 1, options);
  }

  async consumeBatch<T>(
    topic: string,
    group: string,
    handler: BatchHandler<T>,
    options: ConsumeBatchOptions = {},
  ): Promise<Consumer> {
    return this.subscribe(topic, group, handler as BatchHandler<unknown>, maxBatchSizeOf(options), options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.retentionTimer);
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
    this.consumers.clear();
    this.publishes.flush();
    this.db.close();
  }

  /** `consume` is `consumeBatch` with batches of one: both run the same partition workers. */
  private subscribe(
    topic: string,
    group: string,
    handler: BatchHandler<unknown>,
    maxBatchSize: number,
    options: ConsumeOptions,
  ): Consumer {
    this.assertOpen();
    const consumer = new SqliteConsumer({
      topic,
      group,
      handler,
      maxBatchSize,
      fromBeginning: options.fromBeginning ?? true,
      store: this.store,
      commit: (commit) => this.commits.enqueue(commit),
      leases: this.leases,
      timings: {
        heartbeatMs: Math.max(10, Math.floor(this.settings.leaseMs / 5)),
        pollMs: this.settings.pollMs,
        maxProcessingMs: this.settings.maxProcessingMs,
        fetchLimit: this.settings.fetchLimit,
      },
      onError: this.settings.onError,
      onMembershipChanged: (source) => this.rebalancePeers(source),
    });
    wrapErrors(`subscribing ${group} to ${topic}`, () => consumer.start());
    this.consumers.add(consumer);
    return {
      stop: async () => {
        await consumer.stop();
        this.consumers.delete(consumer);
      },
    };
  }

  private append(batches: readonly TopicBatch[]): void[] {
    wrapErrors('publishing', () => this.store.append(batches));
    const topics = new Set(batches.map((batch) => batch.topic));
    for (const consumer of this.consumers) {
      if (topics.has(consumer.topic)) consumer.poll();
    }
    return batches.map(() => undefined);
  }

  private rebalancePeers(source: SqliteConsumer): void {
    for (const consumer of this.consumers) {
      if (consumer !== source && consumer.group === source.group && consumer.topic === source.topic) {
        consumer.rebalanceSoon();
      }
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new BusError('the bus is closed');
  }
}

function validate(settings: typeof DEFAULTS): void {
  for (const [name, value] of Object.entries(settings)) {
    if (typeof value === 'number' && !(Number.isInteger(value) && value > 0)) {
      throw new BusError(`SqliteBus option ${name} must be a positive integer, got ${value}`);
    }
  }
}

function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** SQLite failures (busy past the timeout, disk full, I/O errors) mean the bus cannot serve the call right now. */
function wrapErrors<T>(action: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    // By name, not instanceof: see isSqliteError in the event store's SQLite adapter.
    if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'SqliteError') {
      throw new BusUnavailableError(`SQLite bus: ${action} failed: ${(error as Error).message}`, error);
    }
    throw error;
  }
}
