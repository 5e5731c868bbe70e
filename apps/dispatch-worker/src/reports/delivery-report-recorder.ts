import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { deliveryReportsStream, type DeliveriesReported, type ReportedDelivery } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';

/** Most reports in one append, and how long a report waits for others to join it. */
const MAX_BATCH = 1_000;
const FLUSH_AFTER_MS = 50;

interface Pending {
  readonly tenantId: string;
  readonly reports: ReportedDelivery[];
  readonly waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * Records provider reports (callbacks, replies, the simulator's answers) in batches per session: one
 * append to `delivery_reports-<sessionId>` for up to 1,000 reports or 50 ms, so a burst of
 * callbacks costs a few appends. `record` resolves once its report is stored: an HTTP callback is
 * answered only then, so a provider whose callback failed sends it again.
 */
@Injectable()
export class DeliveryReportRecorder implements OnApplicationShutdown {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  record(tenantId: string, sessionId: string, report: ReportedDelivery): Promise<void> {
    return new Promise((resolve, reject) => {
      const batch = this.pending.get(sessionId) ?? { tenantId, reports: [], waiters: [] };
      this.pending.set(sessionId, batch);
      batch.reports.push(report);
      batch.waiters.push({ resolve, reject });
      if (batch.reports.length >= MAX_BATCH) void this.flushSession(sessionId);
      else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
    });
  }

  async flush(): Promise<void> {
    this.timer = null;
    await Promise.all([...this.pending.keys()].map((sessionId) => this.flushSession(sessionId)));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }

  private async flushSession(sessionId: string): Promise<void> {
    const batch = this.pending.get(sessionId);
    if (!batch) return;
    this.pending.delete(sessionId);
    const event: DeliveriesReported = { type: 'DeliveriesReported', data: { sessionId, reports: batch.reports } };
    try {
      await this.eventStore.appendToStream(
        deliveryReportsStream(sessionId),
        [{ id: randomUUID(), type: event.type, data: event.data, metadata: { tenantId: batch.tenantId, correlationId: sessionId, acceptedAt: new Date().toISOString() } }],
        { expectedRevision: 'any' },
      );
      for (const waiter of batch.waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    }
  }
}
