import type { EachBatchPayload, KafkaMessage, Logger } from 'kafkajs';
import type { BatchHandler } from '../../bus';
import { FIRST_RETRY_MS, nextRetryDelay } from '../../retry-backoff';
import { fromKafkaMessage } from './kafka-message';

export interface KafkaBatchSettings {
  readonly maxBatchSize: number;
  /** How often to heartbeat while a handler runs or waits to retry (the consumer's heartbeat interval). */
  readonly heartbeatMs: number;
  readonly logger: Logger;
}

/** How often a waiting retry checks whether the consumer is stopping, so `stop` is not held up by a backoff. */
const STOP_CHECK_MS = 100;

/**
 * Hands what one fetch brought for one partition to the handler in slices of at most maxBatchSize,
 * in offset order. A slice's last offset is resolved and committed only after the handler resolves.
 * A throwing handler gets the same slice again after a backoff, here rather than by kafkajs's restart,
 * so the retry is exactly the same batch and only this partition waits. Heartbeats go on while the
 * handler runs so a long batch keeps the group; stopping or losing the partition leaves the slice
 * uncommitted for whoever takes the partition.
 */
export async function handleKafkaBatch<T>(
  payload: EachBatchPayload,
  handler: BatchHandler<T>,
  settings: KafkaBatchSettings,
): Promise<void> {
  const { batch, resolveOffset, commitOffsetsIfNecessary, heartbeat } = payload;
  for (let start = 0; start < batch.messages.length; start += settings.maxBatchSize) {
    if (!stillOurs(payload)) return;
    const slice = batch.messages.slice(start, start + settings.maxBatchSize);
    const messages = slice.map((message) => fromKafkaMessage<T>(batch.topic, batch.partition, message));
    if (!(await deliver(payload, slice, () => handler(messages), settings))) return;
    resolveOffset(slice[slice.length - 1]!.offset);
    // autoCommitThreshold 1: commits the offset just resolved now.
    await commitOffsetsIfNecessary();
    await heartbeat();
  }
}

/** Resolves true once the handler succeeded, false if the consumer stopped or lost the partition meanwhile. */
async function deliver(
  payload: EachBatchPayload,
  slice: readonly KafkaMessage[],
  handle: () => Promise<void>,
  settings: KafkaBatchSettings,
): Promise<boolean> {
  for (let delay = FIRST_RETRY_MS; ; delay = nextRetryDelay(delay)) {
    try {
      await whileHeartbeating(payload, handle, settings.heartbeatMs);
      return true;
    } catch (error) {
      const { topic, partition } = payload.batch;
      settings.logger.error(`Batch handler failed; retrying in ${delay} ms`, {
        topic,
        partition,
        offsets: `${slice[0]!.offset}-${slice[slice.length - 1]!.offset}`,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
    }
    if (!(await backOff(payload, delay))) return false;
  }
}

async function whileHeartbeating(payload: EachBatchPayload, work: () => Promise<void>, intervalMs: number): Promise<void> {
  // A failed heartbeat (the group is rebalancing) is seen again by kafkajs's own heartbeat after the batch.
  const timer = setInterval(() => void payload.heartbeat().catch(() => undefined), intervalMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
}

/** Waits `ms`, heartbeating; a rebalance throws out of the batch so kafkajs rejoins the group. */
async function backOff(payload: EachBatchPayload, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (stillOurs(payload) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(STOP_CHECK_MS, until - Date.now())));
    await payload.heartbeat();
  }
  return stillOurs(payload);
}

function stillOurs(payload: EachBatchPayload): boolean {
  return payload.isRunning() && !payload.isStale();
}
