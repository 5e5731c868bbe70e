import { KafkaJSError } from 'kafkajs';
import { BusError, BusUnavailableError } from '../../bus';

/** Errors kafkajs raises when it cannot reach the cluster or gave up retrying to. */
const UNAVAILABLE = new Set([
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSNoBrokerAvailableError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSGroupCoordinatorNotFound',
  'KafkaJSTimeout',
  'KafkaJSLockTimeout',
  'KafkaJSMetadataNotLoaded',
  'KafkaJSTopicMetadataNotLoaded',
]);

export function toBusError(error: unknown, action: string): Error {
  if (error instanceof BusError) return error;
  if (error instanceof KafkaJSError) {
    const message = `Kafka: ${action} failed: ${error.message}`;
    return UNAVAILABLE.has(error.name) || error.retriable
      ? new BusUnavailableError(message, error)
      : new BusError(message, { cause: error });
  }
  return error instanceof Error ? error : new BusError(`Kafka: ${action} failed: ${String(error)}`, { cause: error });
}
