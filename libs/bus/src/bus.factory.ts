import { NamespacedBus } from './namespaced-bus';
import type { Bus } from './bus';
import { KafkaBus } from './adapters/kafka/kafka-bus.adapter';
import { SqliteBus } from './adapters/sqlite/sqlite-bus.adapter';

export interface BusConfig {
  /** When given (and not empty), the distributed Kafka bus; otherwise the embedded SQLite one. */
  readonly kafkaBrokers?: readonly string[];
  readonly clientId?: string;
  readonly sqlitePath: string;
  /** Put before every topic and group name (BUS_TOPIC_PREFIX), so deployments sharing a cluster stay apart. */
  readonly topicPrefix?: string;
}

export async function createBus(config: BusConfig): Promise<Bus> {
  const bus =
    config.kafkaBrokers && config.kafkaBrokers.length > 0 ? await KafkaBus.connect({ brokers: config.kafkaBrokers, clientId: config.clientId }) : SqliteBus.open({ path: config.sqlitePath });
  return config.topicPrefix ? new NamespacedBus(bus, config.topicPrefix) : bus;
}
