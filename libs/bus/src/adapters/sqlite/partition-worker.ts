import type { BatchHandler, BusMessage } from '../../bus';
import { decodeValue } from '../../message-codec';
import { FIRST_RETRY_MS, nextRetryDelay } from '../../retry-backoff';
import type { OffsetCommit, SqliteBusStore, StoredMessage } from './sqlite-bus.store';
import { Wakeup } from './wakeup';

export type ErrorReporter = (error: unknown, context: string) => void;

export interface PartitionWorkerOptions {
  readonly group: string;
  readonly topic: string;
  readonly partition: number;
  readonly owner: string;
  readonly store: SqliteBusStore;
  /** Resolves false when the commit was refused because the lease was lost. */
  readonly commit: (commit: OffsetCommit) => Promise<boolean>;
  /** Gets each batch (of one message for `consume`); the batch's last position is committed once it resolves. */
  readonly handler: BatchHandler<unknown>;
  /** Most messages handed to the handler at once. */
  readonly maxBatchSize: number;
  /** Most messages read from the database at once (at least maxBatchSize). */
  readonly fetchLimit: number;
  readonly onError: ErrorReporter;
  /** Called once the worker has stopped touching the partition, whatever the reason. */
  readonly release: () => void;
}

/**
 * Handles one owned partition strictly in order: a batch's last position is committed only after
 * its handler resolves, and a failing batch is retried as it was (blocking the partition) until it
 * succeeds. A batch is what the last read found, up to maxBatchSize: nothing waits for it to fill.
 */
export class PartitionWorker {
  readonly done: Promise<void>;
  private exiting = false;
  private position = 0;
  private handlingSince: number | undefined;
  private readonly wakeup = new Wakeup();

  constructor(private readonly options: PartitionWorkerOptions) {
    // Deferred so the owner has registered the worker before any handler runs.
    this.done = Promise.resolve().then(() => this.run());
  }

  notifyHead(nextPosition: number): void {
    if (nextPosition > this.position) this.wakeup.notify();
  }

  /** Finishes the batch in hand (if any), then releases the partition. */
  requestExit(): void {
    this.exiting = true;
    this.wakeup.notify();
  }

  isStuck(now: number, maxProcessingMs: number): boolean {
    return this.handlingSince !== undefined && now - this.handlingSince > maxProcessingMs;
  }

  private async run(): Promise<void> {
    try {
      await this.consume();
    } catch (error) {
      this.options.onError(error, `consuming ${this.describe()} failed; the partition is released to be retried`);
    } finally {
      this.options.release();
    }
  }

  private async consume(): Promise<void> {
    const { store, group, topic, partition, owner, fetchLimit, maxBatchSize } = this.options;
    this.position = store.committedPosition(group, topic, partition);
    while (!this.exiting) {
      const fetched = store.fetch(topic, partition, this.position, fetchLimit);
      if (fetched.length === 0) {
        await this.wakeup.wait();
        continue;
      }
      for (let start = 0; start < fetched.length; start += maxBatchSize) {
        const batch = fetched.slice(start, start + maxBatchSize);
        if (this.exiting || !(await this.deliver(batch.map((stored) => this.toMessage(stored))))) return;
        const next = batch[batch.length - 1]!.position + 1;
        // A refused commit means another member took the partition over; it redelivers from the committed position.
        if (!(await this.options.commit({ group, topic, partition, owner, next }))) return;
        this.position = next;
      }
    }
  }

  /** Resolves true once the handler succeeded, false if asked to exit while waiting to retry. */
  private async deliver(batch: readonly BusMessage[]): Promise<boolean> {
    for (let delay = FIRST_RETRY_MS; ; delay = nextRetryDelay(delay)) {
      this.handlingSince = Date.now();
      try {
        await this.options.handler(batch);
        return true;
      } catch (error) {
        this.options.onError(error, `handler failed on ${this.describe()}@${offsets(batch)}; retrying in ${delay} ms`);
      } finally {
        this.handlingSince = undefined;
      }
      if (!(await this.pause(delay))) return false;
    }
  }

  private async pause(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.exiting && Date.now() < until) await this.wakeup.wait(until - Date.now());
    return !this.exiting;
  }

  private toMessage(stored: StoredMessage): BusMessage {
    return {
      topic: this.options.topic,
      key: stored.key,
      value: decodeValue(stored.value),
      headers: decodeValue<Record<string, string>>(stored.headers),
      partition: this.options.partition,
      offset: String(stored.position),
    };
  }

  private describe(): string {
    return `${this.options.topic}[${this.options.partition}] for ${this.options.group}`;
  }
}

function offsets(batch: readonly BusMessage[]): string {
  const first = batch[0]!.offset;
  const last = batch[batch.length - 1]!.offset;
  return first === last ? first : `${first}-${last}`;
}
