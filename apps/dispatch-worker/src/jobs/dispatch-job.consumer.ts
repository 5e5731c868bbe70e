import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Bus, Consumer } from '@beacon/bus';
import { BUS, CommandExecutor, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { ChannelProviders } from '../channels/channel-providers';
import { DispatchBatch } from './dispatch-batch';
import { ProviderPacing } from './provider-pacing';
import { DISPATCH_LANES, dispatchTopic, dispatchWorkersGroup, type DispatchJob } from './dispatch-job';

/** Jobs handed over at once from one partition: one claim and one record of answers per session in them. */
const MAX_BATCH = 500;

/**
 * The dispatch workers' side of the bus: one consumer per lane (real, test), each lane's consumers a
 * group of their own, so each lane's partitions are shared among the workers and one lane's queue never
 * holds up the other's.
 */
@Injectable()
export class DispatchJobConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: Consumer[] = [];
  private readonly batch: DispatchBatch;

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(CommandExecutor) executor: CommandExecutor,
    @Inject(ChannelProviders) providers: ChannelProviders,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
  ) {
    const settings = { workerId: config.nodeId, leaseMs: config.dispatchClaimLeaseMs, maxClaims: 3, maxAttempts: 3, concurrency: 32 };
    this.batch = new DispatchBatch(executor, providers, settings, (jobs) => this.requeue(jobs), new ProviderPacing(config.dispatchPerSecond));
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const lane of DISPATCH_LANES) {
      this.consumers.push(
        await this.bus.consumeBatch<DispatchJob>(dispatchTopic(lane), dispatchWorkersGroup(lane), (messages) => this.batch.handle(messages), { maxBatchSize: MAX_BATCH }),
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }

  private async requeue(jobs: readonly DispatchJob[]): Promise<void> {
    for (const lane of DISPATCH_LANES) {
      const ofLane = jobs.filter((job) => job.lane === lane);
      if (ofLane.length) await this.bus.publishBatch(dispatchTopic(lane), ofLane.map((job) => ({ key: job.recipientId, value: job })));
    }
  }
}
