import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BusUnavailableError, type Bus, type Consumer } from '@beacon/bus';
import { BUS, CommandExecutor, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { ChannelProviders } from '../channels/channel-providers';
import { DispatchBatch } from './dispatch-batch';
import { FairSendSlots } from './fair-send-slots';
import { ProviderPacing } from './provider-pacing';
import { DISPATCH_LANES, dispatchTopic, dispatchWorkersGroup, type DispatchJob, type DispatchLane } from './dispatch-job';

/** Jobs handed over at once from one partition: one claim and one record of answers per session in them. */
const MAX_BATCH = 500;
/** Tries of a lane's consumer against a broker that answers "unavailable" while it settles. */
const JOIN_ATTEMPTS = 6;

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
    this.batch = new DispatchBatch(executor, providers, settings, (jobs) => this.requeue(jobs), new ProviderPacing(config.dispatchPerSecond), new FairSendSlots(config.dispatchSendsInFlight));
  }

  async onApplicationBootstrap(): Promise<void> {
    // The lanes' consumers join their groups at once: one after another, a Kafka group's join each, start-up took their sum.
    const joined = await Promise.allSettled(DISPATCH_LANES.map((lane) => this.join(lane)));
    for (const result of joined) if (result.status === 'fulfilled') this.consumers.push(result.value);
    const failed = joined.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * One lane's consumer. A broker still settling a topic just made (several workers creating the lanes'
   * topics at once on a new cluster) answers "unavailable" for a moment: tried again, a few times.
   */
  private async join(lane: DispatchLane): Promise<Consumer> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.bus.consumeBatch<DispatchJob>(dispatchTopic(lane), dispatchWorkersGroup(lane), (messages) => this.batch.handle(messages), { maxBatchSize: MAX_BATCH });
      } catch (error) {
        if (!(error instanceof BusUnavailableError) || attempt >= JOIN_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
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
