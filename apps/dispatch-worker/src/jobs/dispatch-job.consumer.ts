import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Bus, BusMessage, Consumer } from '@beacon/bus';
import { dispatchDecider, dispatchStream, type DispatchCommand } from '@beacon/domain';
import { BUS, CommandExecutor, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { CHANNEL_PROVIDER, type ChannelProvider } from '../channels/channel-provider';
import { DISPATCH_JOBS_TOPIC, DISPATCH_WORKERS_GROUP, type DispatchJob } from './dispatch-job';

/**
 * Consumes dispatch jobs: claims the job in its own stream before calling the provider and
 * records the provider's answer after, so a redelivered job (after a crash, a rebalance or a Kafka
 * redelivery) gets exactly one result. A job claimed by a live worker is retried later by the bus.
 */
@Injectable()
export class DispatchJobConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer: Consumer | null = null;

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CHANNEL_PROVIDER) private readonly provider: ChannelProvider,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.bus.consume<DispatchJob>(DISPATCH_JOBS_TOPIC, DISPATCH_WORKERS_GROUP, (message) => this.handle(message));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async handle(message: BusMessage<DispatchJob>): Promise<void> {
    const job = message.value;
    const workerId = this.config.nodeId;
    const claim = await this.run(job, {
      type: 'ClaimDispatch',
      data: { jobId: job.jobId, sessionId: job.sessionId, workerId, now: new Date().toISOString(), leaseMs: this.config.dispatchClaimLeaseMs },
    });
    if (!claim) return;
    const outcome = await this.provider.send({
      deliveryId: job.jobId,
      tenantId: job.tenantId,
      sessionId: job.sessionId,
      channel: job.channel,
      address: job.address,
      text: job.content,
    });
    if (outcome.kind !== 'accepted') throw new Error(`The ${job.channel} provider did not accept ${job.jobId}: ${outcome.kind}`);
    await this.run(job, { type: 'RecordDispatchSubmitted', data: { workerId, providerMessageId: outcome.providerMessageId } });
  }

  /** Whether the command recorded anything (a job that already has its result records nothing). */
  private async run(job: DispatchJob, command: DispatchCommand): Promise<boolean> {
    const outcome = await this.executor.execute(dispatchStream(job.jobId), dispatchDecider, command, {
      tenantId: job.tenantId,
      actorUserId: null,
      correlationId: job.sessionId,
      acceptedAt: new Date(),
    });
    return outcome.events.length > 0;
  }
}
