import { Module } from '@nestjs/common';
import { AccountEmailModule } from './account-email/account-email.module';
import { AudioNoticeboardModule } from './audio-noticeboard/audio-noticeboard.module';
import { CustomerGroupModule } from './customer-group/customer-group.module';
import { DeadLettersModule } from './dead-letters/dead-letters.module';
import { FieldModule } from './field/field.module';
import { IncidentSettingsModule } from './incident-settings/incident-settings.module';
import { IncidentsModule } from './incidents/incidents.module';
import { OnCallModule } from './on-call/on-call.module';
import { OrganisationsModule } from './organisations/organisations.module';
import { PushSubscriptionModule } from './push-subscription/push-subscription.module';
import { ResponsePageModule } from './response-page/response-page.module';
import { DemoTenantSeeder } from './seed/demo-tenant.seeder';
import { ScenarioModule } from './scenario/scenario.module';
import { SessionModule } from './session/session.module';
import { CommandSharedModule } from './shared/command-shared.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';

/**
 * Every write: validates, decides, appends events. One Nest module per feature, what they share, and
 * the demo seeder (it sends other features' commands). Needs InfrastructureModule and PlatformModule at the root.
 */
@Module({
  imports: [CommandSharedModule, AccountEmailModule, AudioNoticeboardModule, CustomerGroupModule, DeadLettersModule, FieldModule, IncidentSettingsModule, IncidentsModule, OnCallModule, OrganisationsModule, PushSubscriptionModule, ResponsePageModule, ScenarioModule, SessionModule, UploadsModule, UsersModule],
  providers: [DemoTenantSeeder],
})
export class CommandApiModule {}
