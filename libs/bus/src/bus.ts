/**
 * The bus port: keyed messages on topics, consumed by groups.
 * - at-least-once: a message's offset is committed only after its handler resolves; a handler
 *   that throws, or a consumer that dies, gets the message delivered again;
 * - ordered per key: messages with the same key go to the same partition and are handled one at a time;
 * - consumers in the same group share the topic's partitions; every group sees every message.
 *
 * `consumeBatch` hands a partition's messages over in batches, so a worker can record a whole batch's
 * work with one write instead of one per message:
 * - every batch holds messages of ONE partition, in offset order, never more than `maxBatchSize`, never none;
 * - a batch goes out as soon as messages are there (it does not wait to fill up): with a steady stream the
 *   batches grow by themselves;
 * - the batch's offsets are committed only after the handler resolves; a handler that throws gets the same
 *   batch again after a backoff (100 ms doubling to 5 s), its partition blocked until it succeeds;
 * - a consumer that dies or stops mid-batch commits nothing of it: whoever takes the partition gets it again;
 * - the partitions a consumer owns are handled in parallel (one batch at a time per partition), as far as
 *   the adapter runs partitions in parallel for `consume`.
 */

export interface OutgoingMessage<T = unknown> {
  readonly key: string;
  readonly value: T;
  readonly headers?: Record<string, string>;
}

export interface BusMessage<T = unknown> {
  readonly topic: string;
  readonly key: string;
  readonly value: T;
  readonly headers: Record<string, string>;
  readonly partition: number;
  readonly offset: string;
}

export type MessageHandler<T = unknown> = (message: BusMessage<T>) => Promise<void>;

/** Gets one partition's messages in offset order: see `consumeBatch` above. */
export type BatchHandler<T = unknown> = (messages: readonly BusMessage<T>[]) => Promise<void>;

export interface ConsumeOptions {
  /** Where a group that has never committed starts: the oldest message (default) or only new ones. */
  readonly fromBeginning?: boolean;
}

export interface ConsumeBatchOptions extends ConsumeOptions {
  /** Most messages handed over at once (default 500). */
  readonly maxBatchSize?: number;
}

export interface Consumer {
  /** Stops consuming; resolves once no handler is running and this consumer's partitions are released. */
  stop(): Promise<void>;
}

export interface Bus {
  publish<T>(topic: string, key: string, value: T, headers?: Record<string, string>): Promise<void>;
  publishBatch<T>(topic: string, messages: readonly OutgoingMessage<T>[]): Promise<void>;
  consume<T>(topic: string, group: string, handler: MessageHandler<T>, options?: ConsumeOptions): Promise<Consumer>;
  consumeBatch<T>(topic: string, group: string, handler: BatchHandler<T>, options?: ConsumeBatchOptions): Promise<Consumer>;
  close(): Promise<void>;
}

export class BusError extends Error {}

export class BusUnavailableError extends BusError {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'BusUnavailableError';
  }
}
