import { Module } from '@nestjs/common';
import { ActivityLogController } from './activity-log/activity-log.controller';
import { ACTIVITY_LOG_PROVIDERS } from './activity-log/activity-log.providers';
import { CompanyInfoController } from './company-info/company-info.controller';
import { CompanyInfoHandler } from './company-info/queries/company-info.handler';
import { CustomerGroupController } from './customer-group/customer-group.controller';
import { CUSTOMER_GROUP_PROVIDERS } from './customer-group/customer-group.providers';
import { EmailOutboxController } from './email-outbox/email-outbox.controller';
import { EmailOutboxHandler } from './email-outbox/queries/email-outbox.handler';
import { INCIDENT_SETTINGS_CONTROLLERS, INCIDENT_SETTINGS_PROVIDERS } from './incident-settings/incident-settings.providers';
import { INCIDENTS_CONTROLLERS, INCIDENTS_PROVIDERS } from './incidents/incidents.providers';
import { LiveGateway } from './live/live.gateway';
import { PARKED_EVENTS_CONTROLLERS, PARKED_EVENTS_PROVIDERS } from './parked-events/parked-events.providers';
import { ProjectionHost } from './projections/projection-host';
import { ReadPositionGuard } from './shared/read-position.guard';
import { KeepSessionAliveHandler } from './session/commands/keep-session-alive.handler';
import { TokenExpiryHandler } from './session/queries/token-expiry.handler';
import { SessionController } from './session/session.controller';
import { UPLOADS_CONTROLLERS, UPLOADS_PROVIDERS } from './uploads/uploads.providers';
import { UserController } from './users/user.controller';
import { USERS_PROVIDERS } from './users/users.providers';

/** Every read, from read models, and live updates. Needs InfrastructureModule and PlatformModule at the root. */
@Module({
  controllers: [CompanyInfoController, SessionController, UserController, CustomerGroupController, EmailOutboxController, ActivityLogController, ...PARKED_EVENTS_CONTROLLERS, ...INCIDENT_SETTINGS_CONTROLLERS, ...INCIDENTS_CONTROLLERS, ...UPLOADS_CONTROLLERS],
  providers: [
    ProjectionHost,
    CompanyInfoHandler,
    TokenExpiryHandler,
    KeepSessionAliveHandler,
    ...USERS_PROVIDERS,
    ...CUSTOMER_GROUP_PROVIDERS,
    EmailOutboxHandler,
    ...ACTIVITY_LOG_PROVIDERS,
    ...PARKED_EVENTS_PROVIDERS,
    LiveGateway,
    ...INCIDENT_SETTINGS_PROVIDERS,
    ...INCIDENTS_PROVIDERS,
    ...UPLOADS_PROVIDERS,
    ReadPositionGuard,
  ],
  exports: [ProjectionHost],
})
export class QueryApiModule {}
