import { Module } from '@nestjs/common';
import { DISPATCH_OUTBOX_COLLECTION, PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ChannelProviders } from './channels/channel-providers';
import { SimulatorProvider, type SimulatedMessage } from './channels/simulator/simulator.provider';
import { DispatchJobConsumer } from './jobs/dispatch-job.consumer';
import { DeliveryReportRecorder } from './reports/delivery-report-recorder';

/** Sends dispatch jobs through channel providers. Needs InfrastructureModule and PlatformModule at the root. */
@Module({
  providers: [
    DeliveryReportRecorder,
    {
      provide: ChannelProviders,
      inject: [READ_STORE, DeliveryReportRecorder, PLATFORM_CONFIG],
      useFactory: (readStore: ReadStore, reports: DeliveryReportRecorder, config: PlatformConfig) =>
        new ChannelProviders([
          new SimulatorProvider(
            (tenantId) => readStore.scope(tenantId).collection<SimulatedMessage>(DISPATCH_OUTBOX_COLLECTION),
            (message, report) => reports.record(message.tenantId, message.sessionId, report),
            config.simulator,
          ),
        ]),
    },
    DispatchJobConsumer,
  ],
  exports: [DeliveryReportRecorder],
})
export class DispatchWorkerModule {}
