import { Module } from '@nestjs/common';
import { DISPATCH_OUTBOX_COLLECTION, PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ReplyDeliveries } from './callbacks/reply-deliveries';
import { SessionTenants } from './callbacks/session-tenants';
import { TwilioCallbacksController } from './callbacks/twilio-callbacks.controller';
import { TwilioConferenceController } from './callbacks/twilio-conference.controller';
import { ConferenceCalls } from './conference/conference-calls';
import { ChannelProviders } from './channels/channel-providers';
import { configuredProviders } from './channels/configured-providers';
import { SimulatedConferenceProvider } from './channels/simulator/simulated-conference.provider';
import { SimulatorProvider, type SimulatedMessage, type SimulatedReports } from './channels/simulator/simulator.provider';
import { DispatchJobConsumer } from './jobs/dispatch-job.consumer';
import { DeliveryReportRecorder } from './reports/delivery-report-recorder';

/**
 * Sends dispatch jobs through channel providers, and records what the providers report back (their
 * callbacks). Needs InfrastructureModule and PlatformModule at the root.
 */
@Module({
  controllers: [TwilioCallbacksController, TwilioConferenceController],
  providers: [
    DeliveryReportRecorder,
    SessionTenants,
    ConferenceCalls,
    ReplyDeliveries,
    {
      provide: ChannelProviders,
      inject: [READ_STORE, DeliveryReportRecorder, PLATFORM_CONFIG, ConferenceCalls],
      // The simulator first, for every channel; each configured provider then takes its own channels.
      useFactory: (readStore: ReadStore, reports: DeliveryReportRecorder, config: PlatformConfig, conferences: ConferenceCalls) => {
        const outbox = (tenantId: string) => readStore.scope(tenantId).collection<SimulatedMessage>(DISPATCH_OUTBOX_COLLECTION);
        const record: SimulatedReports = (message, report) => reports.record(message.tenantId, message.sessionId, report);
        const simulator = new SimulatorProvider(outbox, record, config.simulator);
        return new ChannelProviders([
          simulator,
          // Conference messages' calls, while voice is simulated.
          new SimulatedConferenceProvider(simulator, conferences.of, outbox, record, config.simulator),
          ...configuredProviders(config.channelProviders, { conferences: conferences.of }),
        ]);
      },
    },
    DispatchJobConsumer,
  ],
  exports: [DeliveryReportRecorder],
})
export class DispatchWorkerModule {}
