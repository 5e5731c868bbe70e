import { Module } from '@nestjs/common';
import { DISPATCH_OUTBOX_COLLECTION, PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import { asPollingAnswer } from '@beacon/domain';
import type { ReadStore } from '@beacon/read-store';
import { ReplyDeliveries } from './callbacks/reply-deliveries';
import { SessionPolls } from './callbacks/session-polls';
import { SessionTenants } from './callbacks/session-tenants';
import { TwilioCallbacksController } from './callbacks/twilio-callbacks.controller';
import { TwilioGatherController } from './callbacks/twilio-gather.controller';
import { TwilioConferenceController } from './callbacks/twilio-conference.controller';
import { ConferenceCalls } from './conference/conference-calls';
import { ConferenceRecorder } from './conference/conference-recorder';
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
  controllers: [TwilioCallbacksController, TwilioGatherController, TwilioConferenceController],
  providers: [
    DeliveryReportRecorder,
    SessionTenants,
    SessionPolls,
    ConferenceCalls,
    ConferenceRecorder,
    ReplyDeliveries,
    {
      provide: ChannelProviders,
      inject: [READ_STORE, DeliveryReportRecorder, PLATFORM_CONFIG, SessionPolls, ConferenceCalls, ConferenceRecorder],
      // The simulator first, for every channel; each configured provider then takes its own channels.
      useFactory: (readStore: ReadStore, reports: DeliveryReportRecorder, config: PlatformConfig, polls: SessionPolls, conferences: ConferenceCalls, recorder: ConferenceRecorder) => {
        const outbox = (tenantId: string) => readStore.scope(tenantId).collection<SimulatedMessage>(DISPATCH_OUTBOX_COLLECTION);
        // A simulated reply of a poll's digit is recorded as that option's answer, as a texted one is.
        const record: SimulatedReports = async (message, report) =>
          reports.record(message.tenantId, message.sessionId, report.reply === undefined ? report : asPollingAnswer(report, (await polls.of(message.sessionId))?.choices ?? []));
        const simulator = new SimulatorProvider(outbox, record, config.simulator);
        return new ChannelProviders([
          simulator,
          // Conference messages' calls, while voice is simulated.
          new SimulatedConferenceProvider(simulator, conferences.of, outbox, record, config.simulator, (tenantId, sessionId) => recorder.saveSimulated(tenantId, sessionId)),
          ...configuredProviders(config.channelProviders, { choicesOf: async (message) => (await polls.of(message.sessionId))?.choices ?? [], conferences: conferences.of }),
        ]);
      },
    },
    DispatchJobConsumer,
  ],
  exports: [DeliveryReportRecorder],
})
export class DispatchWorkerModule {}
