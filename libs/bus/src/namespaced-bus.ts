import type { BatchHandler, Bus, ConsumeBatchOptions, ConsumeOptions, Consumer, MessageHandler, OutgoingMessage } from './bus';

/**
 * A bus whose topics and consumer groups carry a prefix (BUS_TOPIC_PREFIX): deployments, or test runs,
 * that share one Kafka cluster never read each other's messages nor join each other's groups. Handlers
 * see the topic without the prefix.
 */
export class NamespacedBus implements Bus {
  constructor(
    private readonly inner: Bus,
    private readonly prefix: string,
  ) {}

  publish<T>(topic: string, key: string, value: T, headers?: Record<string, string>): Promise<void> {
    return this.inner.publish(this.prefix + topic, key, value, headers);
  }

  publishBatch<T>(topic: string, messages: readonly OutgoingMessage<T>[]): Promise<void> {
    return this.inner.publishBatch(this.prefix + topic, messages);
  }

  consume<T>(topic: string, group: string, handler: MessageHandler<T>, options?: ConsumeOptions): Promise<Consumer> {
    return this.inner.consume<T>(this.prefix + topic, this.prefix + group, (message) => handler({ ...message, topic }), options);
  }

  consumeBatch<T>(topic: string, group: string, handler: BatchHandler<T>, options?: ConsumeBatchOptions): Promise<Consumer> {
    return this.inner.consumeBatch<T>(this.prefix + topic, this.prefix + group, (messages) => handler(messages.map((message) => ({ ...message, topic }))), options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
