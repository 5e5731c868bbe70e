import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Bus, BusMessage, Consumer } from '@beacon/bus';
import { WrongExpectedRevisionError, type EventStore } from '@beacon/event-store';
import { BUS, EVENT_STORE, eventIdFor } from '@beacon/platform';
import { CHANNEL_PROVIDER, type ChannelProvider } from '../channels/channel-provider';
import { DISPATCH_JOBS_TOPIC, DISPATCH_WORKERS_GROUP, dispatchStream, type DispatchJob } from './dispatch-job';

/**
 * Consumes dispatch jobs. A job is claimed by appending to its own stream with "no-stream" before
 * the provider is called, so a redelivered job (after a crash or a rebalance) is never sent twice.
 */
@Injectable()
export class DispatchJobConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer: Consumer | null = null;

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CHANNEL_PROVIDER) private readonly provider: ChannelProvider,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.bus.consume<DispatchJob>(DISPATCH_JOBS_TOPIC, DISPATCH_WORKERS_GROUP, (message) => this.handle(message));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async handle(message: BusMessage<DispatchJob>): Promise<void> {
    const job = message.value;
    const stream = dispatchStream(job.jobId);
    const metadata = { tenantId: job.tenantId, correlationId: job.sessionId };
    try {
      await this.eventStore.appendToStream(
        stream,
        [{ id: eventIdFor(job.jobId, 0), type: 'DispatchClaimed', data: { jobId: job.jobId, sessionId: job.sessionId }, metadata }],
        { expectedRevision: 'no-stream' },
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return;
      throw error;
    }
    const result = await this.provider.send(job);
    await this.eventStore.appendToStream(
      stream,
      [{ id: eventIdFor(job.jobId, 1), type: 'DispatchSubmitted', data: { jobId: job.jobId, sessionId: job.sessionId, ...result }, metadata }],
      { expectedRevision: 0 },
    );
  }
}
