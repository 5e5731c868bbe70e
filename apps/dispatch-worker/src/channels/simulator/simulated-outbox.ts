import type { Collection } from '@beacon/read-store';
import type { SimulatedMessage } from './simulator.provider';

/** Most messages in one write, and how long a message waits for others to join it. */
const MAX_BATCH = 500;
const FLUSH_AFTER_MS = 2;

interface Pending {
  readonly messages: SimulatedMessage[];
  readonly waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * What the simulator "sent", written in batches per tenant (one transaction for up to 500 messages
 * or 2 ms): the batch of a worker's parallel sends costs one write instead of one each. `record`
 * resolves once its message is stored, so the send is answered only after.
 */
export class SimulatedOutbox {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly outbox: (tenantId: string) => Collection<SimulatedMessage>) {}

  record(tenantId: string, message: SimulatedMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const batch = this.pending.get(tenantId) ?? { messages: [], waiters: [] };
      this.pending.set(tenantId, batch);
      batch.messages.push(message);
      batch.waiters.push({ resolve, reject });
      if (batch.messages.length >= MAX_BATCH) void this.flushTenant(tenantId);
      else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
    });
  }

  find(tenantId: string, deliveryId: string): Promise<Pick<SimulatedMessage, '_id'> | null> {
    return this.outbox(tenantId).findOne({ _id: deliveryId }, { projection: { _id: 1 } });
  }

  private async flush(): Promise<void> {
    this.timer = null;
    await Promise.all([...this.pending.keys()].map((tenantId) => this.flushTenant(tenantId)));
  }

  private async flushTenant(tenantId: string): Promise<void> {
    const batch = this.pending.get(tenantId);
    if (!batch) return;
    this.pending.delete(tenantId);
    try {
      await this.outbox(tenantId).upsertMany(batch.messages);
      for (const waiter of batch.waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    }
  }
}
