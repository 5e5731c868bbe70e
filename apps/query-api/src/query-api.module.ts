import { Module } from '@nestjs/common';
import { AccountEmailModule } from './account-email/account-email.module';
import { ActivityLogParkedEvents } from './activity-log/activity-log-parked-events';
import { ActivityLogModule } from './activity-log/activity-log.module';
import { AudioNoticeboardModule } from './audio-noticeboard/audio-noticeboard.module';
import { CompanyInfoModule } from './company-info/company-info.module';
import { CustomerGroupModule } from './customer-group/customer-group.module';
import { EmailOutboxModule } from './email-outbox/email-outbox.module';
import { FieldModule } from './field/field.module';
import { HolidaysModule } from './holidays/holidays.module';
import { IncidentSettingsModule } from './incident-settings/incident-settings.module';
import { IncidentsModule } from './incidents/incidents.module';
import { InvokeModule } from './invoke/invoke.module';
import { LiveModule } from './live/live.module';
import { OnCallModule } from './on-call/on-call.module';
import { ParkedEventsModule } from './parked-events/parked-events.module';
import { PushSubscriptionsModule } from './push-subscriptions/push-subscriptions.module';
import { RecipientsModule } from './recipients/recipients.module';
import { QUERY_PROJECTIONS } from './query-projections';
import { ScenarioModule } from './scenario/scenario.module';
import { MessageSessionsModule } from './message-sessions/message-sessions.module';
import { DeadLettersModule } from './message-sessions/dead-letters/dead-letters.module';
import { SessionReportsModule } from './message-sessions/reports/session-reports.module';
import { SimulatorModule } from './simulator/simulator.module';
import { SessionModule } from './session/session.module';
import { SpeechModule } from './speech/speech.module';
import { PARKED_EVENT_LOG } from './shared/projections/projection-tokens';
import { QuerySharedModule } from './shared/query-shared.module';
import { UploadsModule } from './uploads/uploads.module';
import { OrganisationsModule } from './organisations/organisations.module';
import { UsersModule } from './users/users.module';

/**
 * Every read, from read models, and live updates: one Nest module per feature, and what they share.
 * Needs InfrastructureModule and PlatformModule at the root.
 */
@Module({
  imports: [
    QuerySharedModule.forRoot({
      projections: QUERY_PROJECTIONS,
      parkedEventLog: { module: ActivityLogModule, provider: { provide: PARKED_EVENT_LOG, useExisting: ActivityLogParkedEvents } },
    }),
    AccountEmailModule,
    ActivityLogModule,
    AudioNoticeboardModule,
    CompanyInfoModule,
    CustomerGroupModule,
    EmailOutboxModule,
    FieldModule,
    HolidaysModule,
    IncidentSettingsModule,
    IncidentsModule,
    InvokeModule,
    LiveModule,
    OnCallModule,
    OrganisationsModule,
    ParkedEventsModule,
    PushSubscriptionsModule,
    RecipientsModule,
    ScenarioModule,
    MessageSessionsModule,
    DeadLettersModule,
    SessionReportsModule,
    SimulatorModule,
    SessionModule,
    SpeechModule,
    UploadsModule,
    UsersModule,
  ],
  exports: [QuerySharedModule],
})
export class QueryApiModule {}
