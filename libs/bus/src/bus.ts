/**
 * The bus port: keyed messages on topics, consumed by groups.
 * - at-least-once: a message's offset is committed only after its handler resolves; a handler
 *   that throws, or a consumer that dies, gets the message delivered again;
 * - ordered per key: messages with the same key go to the same partition and are handled one at a time;
 * - consumers in the same group share the topic's partitions; every group sees every message.
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

export interface ConsumeOptions {
  /** Where a group that has never committed starts: the oldest message (default) or only new ones. */
  readonly fromBeginning?: boolean;
}

export interface Consumer {
  /** Stops consuming; resolves once no handler is running and this consumer's partitions are released. */
  stop(): Promise<void>;
}

export interface Bus {
  publish<T>(topic: string, key: string, value: T, headers?: Record<string, string>): Promise<void>;
  publishBatch<T>(topic: string, messages: readonly OutgoingMessage<T>[]): Promise<void>;
  consume<T>(topic: string, group: string, handler: MessageHandler<T>, options?: ConsumeOptions): Promise<Consumer>;
  close(): Promise<void>;
}

export class BusError extends Error {}

export class BusUnavailableError extends BusError {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'BusUnavailableError';
  }
}
