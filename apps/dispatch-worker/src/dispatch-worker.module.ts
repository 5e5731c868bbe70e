import { Module } from '@nestjs/common';
import { DISPATCH_OUTBOX_COLLECTION, PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ReplyDeliveries } from './callbacks/reply-deliveries';
import { SessionTenants } from './callbacks/session-tenants';
import { TwilioCallbacksController } from './callbacks/twilio-callbacks.controller';
import { ChannelProviders } from './channels/channel-providers';
import { configuredProviders } from './channels/configured-providers';
import { SimulatorProvider, type SimulatedMessage } from './channels/simulator/simulator.provider';
import { DispatchJobConsumer } from './jobs/dispatch-job.consumer';
import { DeliveryReportRecorder } from './reports/delivery-report-recorder';

/**
 * Sends dispatch jobs through channel providers, and records what the providers report back (their
 * callbacks). Needs InfrastructureModule and PlatformModule at the root.
 */
@Module({
  controllers: [TwilioCallbacksController],
  providers: [
    DeliveryReportRecorder,
    SessionTenants,
    ReplyDeliveries,
    {
      provide: ChannelProviders,
      inject: [READ_STORE, DeliveryReportRecorder, PLATFORM_CONFIG],
      // The simulator first, for every channel; each configured provider then takes its own channels.
      useFactory: (readStore: ReadStore, reports: DeliveryReportRecorder, config: PlatformConfig) =>
        new ChannelProviders([
          new SimulatorProvider(
            (tenantId) => readStore.scope(tenantId).collection<SimulatedMessage>(DISPATCH_OUTBOX_COLLECTION),
            (message, report) => reports.record(message.tenantId, message.sessionId, report),
            config.simulator,
          ),
          ...configuredProviders(config.channelProviders),
        ]),
    },
    DispatchJobConsumer,
  ],
  exports: [DeliveryReportRecorder],
})
export class DispatchWorkerModule {}
