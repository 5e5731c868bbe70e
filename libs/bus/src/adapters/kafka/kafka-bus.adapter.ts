import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type ConsumerRunConfig,
  type Consumer as KafkaConsumer,
  type logCreator,
  type Producer,
} from 'kafkajs';
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
import { handleKafkaBatch } from './kafka-batch';
import { toBusError } from './kafka-errors';
import { quietLogCreator } from './kafka-logging';
import { fromKafkaMessage, toKafkaMessage } from './kafka-message';

export interface KafkaBusOptions {
  readonly brokers: readonly string[];
  readonly clientId?: string;
  /** Partitions of topics this bus creates (default 8); existing topics are left as they are. */
  readonly partitions?: number;
  /** Broker default when unset. */
  readonly replicationFactor?: number;
  /** A member silent (or stuck in a handler) for this long is dropped from its group (default 30 s, broker minimum 6 s). */
  readonly sessionTimeoutMs?: number;
  /** How often a member heartbeats (between messages) while consuming (default 3 s; keep below a third of the session). */
  readonly heartbeatIntervalMs?: number;
  /**
   * How long the group waits for its members to rejoin during a rebalance (default 60 s). A member
   * in a handler rejoins once that handler returns, so this bounds how long a slow handler can
   * hold up a new member or a hand-over.
   */
  readonly rebalanceTimeoutMs?: number;
  /**
   * Longest the broker holds a fetch open waiting for new messages (default 1 s). `stop` waits for
   * the fetch in flight, so this is also how long stopping an idle consumer takes.
   */
  readonly fetchMaxWaitMs?: number;
  /**
   * Partitions a consumer handles in parallel (default 1), for `consume` and `consumeBatch`. kafkajs
   * heartbeats between messages, so with 1 a hung `consume` handler stops the heartbeats and the group
   * hands its partitions to others. A `consumeBatch` handler is heartbeaten for while it runs.
   */
  readonly partitionsConsumedConcurrently?: number;
  /** How long `consume` waits for the consumer to join its group (default 60 s). */
  readonly joinTimeoutMs?: number;
  readonly logLevel?: logLevel;
  /** kafkajs's JSON console logger without the error responses a group produces in normal operation (rebalances). */
  readonly logCreator?: logCreator;
}

/** How long to wait for a topic created by another client to have a leader for every partition. */
const TOPIC_READY_MS = 10_000;

/** The distributed bus over Kafka: topics are created on first use; consumers commit after each handled message or batch. */
export class KafkaBus implements Bus {
  private readonly topics = new Map<string, Promise<void>>();
  private readonly consumers = new Set<KafkaConsumer>();
  private closed = false;

  private constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    private readonly admin: Admin,
    private readonly options: KafkaBusOptions,
  ) {}

  static async connect(options: KafkaBusOptions): Promise<KafkaBus> {
    const kafka = new Kafka({
      clientId: options.clientId ?? 'beacon',
      brokers: [...options.brokers],
      logLevel: options.logLevel ?? logLevel.ERROR,
      logCreator: options.logCreator ?? quietLogCreator,
      connectionTimeout: 3_000,
      retry: { initialRetryTime: 300, retries: 5 },
    });
    // Idempotent so the producer's own retries never duplicate a message; one request in flight keeps per-key order.
    // Retries are bounded (kafkajs would retry an idempotent send forever) so an unreachable cluster surfaces
    // as BusUnavailableError; a caller's retry may then duplicate, which consumers tolerate (at-least-once).
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      retry: { initialRetryTime: 300, retries: 5 },
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    const admin = kafka.admin();
    try {
      await producer.connect();
      await admin.connect();
    } catch (error) {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      throw toBusError(error, `connecting to ${options.brokers.join(',')}`);
    }
    return new KafkaBus(kafka, producer, admin, options);
  }

  publish<T>(topic: string, key: string, value: T, headers?: Record<string, string>): Promise<void> {
    return this.publishBatch(topic, [{ key, value, headers }]);
  }

  async publishBatch<T>(topic: string, messages: readonly OutgoingMessage<T>[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const encoded = messages.map(toKafkaMessage);
    await this.ensureTopic(topic);
    try {
      await this.producer.send({ topic, messages: encoded, acks: -1 });
    } catch (error) {
      throw toBusError(error, `publishing to ${topic}`);
    }
  }

  async consume<T>(
    topic: string,
    group: string,
    handler: MessageHandler<T>,
    options: ConsumeOptions = {},
  ): Promise<Consumer> {
    return this.subscribe(topic, group, options, {
      autoCommit: true,
      // Commit after every handled message, so a crash redelivers at most the message in hand.
      autoCommitThreshold: 1,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 1,
      eachMessage: ({ topic: from, partition, message }) => handler(fromKafkaMessage<T>(from, partition, message)),
    });
  }

  async consumeBatch<T>(
    topic: string,
    group: string,
    handler: BatchHandler<T>,
    options: ConsumeBatchOptions = {},
  ): Promise<Consumer> {
    const settings = {
      maxBatchSize: maxBatchSizeOf(options),
      heartbeatMs: this.options.heartbeatIntervalMs ?? 3_000,
      logger: this.kafka.logger().namespace('Bus'),
    };
    return this.subscribe(topic, group, options, {
      autoCommit: true,
      // With eachBatchAutoResolve off only handled batches are resolved, and a threshold of 1 commits each at once.
      autoCommitThreshold: 1,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 1,
      eachBatch: (payload) => handleKafkaBatch(payload, handler, settings),
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.consumers].map((consumer) => consumer.disconnect()));
    this.consumers.clear();
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  /** Joins `group` on `topic` and runs the consumer; resolves once the group has assigned its partitions. */
  private async subscribe(topic: string, group: string, options: ConsumeOptions, run: ConsumerRunConfig): Promise<Consumer> {
    this.assertOpen();
    await this.ensureTopic(topic);
    const consumer = this.kafka.consumer({
      groupId: group,
      sessionTimeout: this.options.sessionTimeoutMs,
      heartbeatInterval: this.options.heartbeatIntervalMs,
      rebalanceTimeout: this.options.rebalanceTimeoutMs,
      maxWaitTimeInMs: this.options.fetchMaxWaitMs ?? 1_000,
      allowAutoTopicCreation: false,
      // A throwing `consume` handler makes kafkajs refetch from the failed message after a backoff; once the
      // retries run out the consumer restarts and carries on retrying, so the partition stays blocked, not skipped.
      // (A `consumeBatch` handler is retried by handleKafkaBatch; only kafkajs's own failures come this way.)
      retry: { initialRetryTime: 100, maxRetryTime: 5_000, retries: 8, restartOnFailure: async () => true },
    });
    const { joined, cancel } = this.awaitJoin(consumer, group);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: options.fromBeginning ?? true });
      await consumer.run(run);
      await joined;
    } catch (error) {
      cancel();
      await consumer.disconnect().catch(() => undefined);
      throw toBusError(error, `subscribing ${group} to ${topic}`);
    }
    this.consumers.add(consumer);
    return {
      stop: async () => {
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  private ensureTopic(topic: string): Promise<void> {
    let created = this.topics.get(topic);
    if (!created) {
      created = this.createTopic(topic);
      this.topics.set(topic, created);
      created.catch(() => this.topics.delete(topic));
    }
    return created;
  }

  private async createTopic(topic: string): Promise<void> {
    try {
      const created = await this.admin.createTopics({
        waitForLeaders: true,
        topics: [{ topic, numPartitions: this.options.partitions ?? 8, replicationFactor: this.options.replicationFactor }],
      });
      // Already there: kafkajs then skips waiting for leaders, but another client may have created it a moment ago.
      if (!created) await this.awaitLeaders(topic);
    } catch (error) {
      throw toBusError(error, `creating topic ${topic}`);
    }
  }

  private async awaitLeaders(topic: string): Promise<void> {
    const deadline = Date.now() + TOPIC_READY_MS;
    for (;;) {
      try {
        const { topics } = await this.admin.fetchTopicMetadata({ topics: [topic] });
        const partitions = topics[0]?.partitions ?? [];
        if (partitions.length > 0 && partitions.every((partition) => partition.leader >= 0)) return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new BusUnavailableError(`Kafka: topic ${topic} has no leader after ${TOPIC_READY_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** `run` returns before the group is joined; waiting makes "consume resolved" mean "partitions assigned". */
  private awaitJoin(consumer: KafkaConsumer, group: string): { joined: Promise<void>; cancel: () => void } {
    const timeoutMs = this.options.joinTimeoutMs ?? 60_000;
    let cancel = (): void => undefined;
    const joined = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(() => reject(new BusUnavailableError(`Kafka: ${group} did not join its group within ${timeoutMs} ms`))),
        timeoutMs,
      );
      const removeJoin = consumer.on(consumer.events.GROUP_JOIN, () => settle(resolve));
      const removeCrash = consumer.on(consumer.events.CRASH, (event) => settle(() => reject(event.payload.error)));
      function settle(outcome: () => void): void {
        clearTimeout(timer);
        removeJoin();
        removeCrash();
        outcome();
      }
      cancel = () => settle(resolve);
    });
    return { joined, cancel };
  }

  private assertOpen(): void {
    if (this.closed) throw new BusError('the bus is closed');
  }
}
