import { BusError, type ConsumeBatchOptions } from './bus';

/** Large enough that a worker's one write per batch is cheap per message, small enough to hold in memory. */
export const DEFAULT_MAX_BATCH_SIZE = 500;

/** The batch size a `consumeBatch` caller asked for, refusing what no batch could honour. */
export function maxBatchSizeOf(options: ConsumeBatchOptions): number {
  const size = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1) {
    throw new BusError(`maxBatchSize must be a positive integer, got ${size}`);
  }
  return size;
}
