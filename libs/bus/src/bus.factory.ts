import type { Bus } from './bus';
import { KafkaBus } from './adapters/kafka/kafka-bus.adapter';
import { SqliteBus } from './adapters/sqlite/sqlite-bus.adapter';

export interface BusConfig {
  /** When given (and not empty), the distributed Kafka bus; otherwise the embedded SQLite one. */
  readonly kafkaBrokers?: readonly string[];
  readonly clientId?: string;
  readonly sqlitePath: string;
}

export async function createBus(config: BusConfig): Promise<Bus> {
  if (config.kafkaBrokers && config.kafkaBrokers.length > 0) {
    return KafkaBus.connect({ brokers: config.kafkaBrokers, clientId: config.clientId });
  }
  return SqliteBus.open({ path: config.sqlitePath });
}
