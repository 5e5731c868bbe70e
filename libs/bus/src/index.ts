export * from './bus';
export * from './bus.factory';
export { SqliteBus, type SqliteBusOptions } from './adapters/sqlite/sqlite-bus.adapter';
export { KafkaBus, type KafkaBusOptions } from './adapters/kafka/kafka-bus.adapter';
export * from './namespaced-bus';
