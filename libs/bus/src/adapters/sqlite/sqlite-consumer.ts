import { randomUUID } from 'node:crypto';
import type { BatchHandler, Consumer } from '../../bus';
import type { LeaseManager } from './lease-manager';
import { PartitionWorker, type ErrorReporter } from './partition-worker';
import type { OffsetCommit, SqliteBusStore } from './sqlite-bus.store';

export interface ConsumerTimings {
  readonly heartbeatMs: number;
  readonly pollMs: number;
  readonly maxProcessingMs: number;
  readonly fetchLimit: number;
}

export interface SqliteConsumerOptions {
  readonly topic: string;
  readonly group: string;
  /** Gets each batch of one partition: batches of one message for `consume`. */
  readonly handler: BatchHandler<unknown>;
  readonly maxBatchSize: number;
  readonly fromBeginning: boolean;
  readonly store: SqliteBusStore;
  readonly commit: (commit: OffsetCommit) => Promise<boolean>;
  readonly leases: LeaseManager;
  readonly timings: ConsumerTimings;
  readonly onError: ErrorReporter;
  /** Lets consumers of the same group in this process rebalance at once instead of at their next heartbeat. */
  readonly onMembershipChanged: (source: SqliteConsumer) => void;
}

/**
 * One member of a consumer group: heartbeats its membership, takes and gives back partitions as
 * the group changes, and runs one sequential worker per partition it owns (so owned partitions are
 * handled in parallel).
 */
export class SqliteConsumer implements Consumer {
  readonly memberId = randomUUID();
  private readonly workers = new Map<number, PartitionWorker>();
  private readonly exits = new Set<Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private partitions = 0;
  private rebalanceScheduled = false;
  private stopping: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: SqliteConsumerOptions) {}

  get topic(): string {
    return this.options.topic;
  }

  get group(): string {
    return this.options.group;
  }

  start(): void {
    const { store, group, topic, fromBeginning, timings } = this.options;
    this.partitions = store.partitionsOf(topic);
    store.initGroup(group, topic, fromBeginning);
    this.beat(Date.now());
    this.timers = [
      setInterval(() => this.heartbeat(), timings.heartbeatMs),
      setInterval(() => this.poll(), timings.pollMs),
    ];
    this.options.onMembershipChanged(this);
  }

  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  /** Checks for new messages now rather than at the next poll (after a publish in this process). */
  poll(): void {
    if (this.stopped || this.workers.size === 0) return;
    try {
      for (const head of this.options.store.heads(this.options.topic)) {
        this.workers.get(head.partition_no)?.notifyHead(head.next_position);
      }
    } catch (error) {
      this.options.onError(error, `polling ${this.describe()} failed`);
    }
  }

  rebalanceSoon(): void {
    if (this.rebalanceScheduled) return;
    this.rebalanceScheduled = true;
    setImmediate(() => {
      this.rebalanceScheduled = false;
      this.heartbeat();
    });
  }

  private heartbeat(): void {
    if (this.stopped) return;
    try {
      this.beat(Date.now());
    } catch (error) {
      this.options.onError(error, `heartbeat of ${this.describe()} failed`);
    }
  }

  private beat(now: number): void {
    if (this.presumedDead(now)) {
      // Like a Kafka member past max.poll.interval: stop heartbeating so the leases lapse and the
      // group reassigns the partitions; healthy workers hand theirs back as soon as they can.
      for (const worker of this.workers.values()) worker.requestExit();
      return;
    }
    const outcome = this.options.leases.rebalance(this.rebalanceRequest(now));
    for (const partition of outcome.lost) this.workers.get(partition)?.requestExit();
    for (const [partition, worker] of this.workers) {
      if (!outcome.assigned.has(partition)) worker.requestExit();
    }
    for (const partition of outcome.acquired) this.startWorker(partition);
  }

  private rebalanceRequest(now: number) {
    return {
      group: this.options.group,
      topic: this.options.topic,
      member: this.memberId,
      partitions: this.partitions,
      join: this.stopping === undefined,
      held: [...this.workers.keys()],
      now,
    };
  }

  private presumedDead(now: number): boolean {
    return [...this.workers.values()].some((worker) => worker.isStuck(now, this.options.timings.maxProcessingMs));
  }

  private startWorker(partition: number): void {
    const { store, commit, group, topic, handler, maxBatchSize, timings, onError } = this.options;
    const worker = new PartitionWorker({
      group,
      topic,
      partition,
      owner: this.memberId,
      store,
      commit,
      handler,
      maxBatchSize,
      fetchLimit: Math.max(timings.fetchLimit, maxBatchSize),
      onError,
      release: () => this.releasePartition(partition, worker),
    });
    this.workers.set(partition, worker);
    const exit = worker.done.then(() => {
      this.exits.delete(exit);
      if (this.stopping === undefined) this.options.onMembershipChanged(this);
    });
    this.exits.add(exit);
  }

  private releasePartition(partition: number, worker: PartitionWorker): void {
    if (this.workers.get(partition) === worker) this.workers.delete(partition);
    try {
      this.options.leases.release(this.options.group, this.options.topic, partition, this.memberId);
    } catch (error) {
      this.options.onError(error, `releasing ${this.describe()}[${partition}] failed; its lease will expire`);
    }
  }

  private async shutdown(): Promise<void> {
    const { leases, group, topic } = this.options;
    this.tryTo('leaving', () => leases.leave(group, topic, this.memberId));
    this.options.onMembershipChanged(this);
    for (const worker of this.workers.values()) worker.requestExit();
    // Heartbeats go on meanwhile so the leases of handlers still running stay ours.
    while (this.exits.size > 0) await Promise.all(this.exits);
    for (const timer of this.timers) clearInterval(timer);
    this.stopped = true;
    this.tryTo('releasing partitions', () => leases.releaseAll(group, topic, this.memberId));
    this.options.onMembershipChanged(this);
  }

  private tryTo(action: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.options.onError(error, `${action} for ${this.describe()} failed`);
    }
  }

  private describe(): string {
    return `${this.options.topic} for ${this.options.group}`;
  }
}
