import { Module } from '@nestjs/common';
import { IdempotencyKeyInterceptor } from '@beacon/platform';
import { ChangeCustomerGroupDetailsHandler } from './customer-group/commands/change-customer-group-details.handler';
import { ChangeIncidentModuleSettingsHandler } from './customer-group/commands/change-incident-module-settings.handler';
import { CreateCustomerGroupHandler } from './customer-group/commands/create-customer-group.handler';
import { CustomerGroupAccess } from './customer-group/customer-group-access';
import { CustomerGroupController } from './customer-group/customer-group.controller';
import { INCIDENT_SETTINGS_CONTROLLERS, INCIDENT_SETTINGS_PROVIDERS } from './incident-settings/incident-settings.providers';
import { INCIDENTS_CONTROLLERS, INCIDENTS_PROVIDERS } from './incidents/incidents.providers';
import { DemoTenantSeeder } from './seed/demo-tenant.seeder';
import { SESSION_CONTROLLERS, SESSION_PROVIDERS } from './session/session.providers';
import { UPLOADS_CONTROLLERS, UPLOADS_PROVIDERS } from './uploads/uploads.providers';
import { USERS_CONTROLLERS, USERS_PROVIDERS } from './users/users.providers';

/** Every write: validates, decides, appends events. Needs InfrastructureModule and PlatformModule at the root. */
@Module({
  controllers: [...SESSION_CONTROLLERS, ...USERS_CONTROLLERS, CustomerGroupController, ...INCIDENT_SETTINGS_CONTROLLERS, ...INCIDENTS_CONTROLLERS, ...UPLOADS_CONTROLLERS],
  providers: [
    ...SESSION_PROVIDERS,
    ...USERS_PROVIDERS,
    CustomerGroupAccess,
    CreateCustomerGroupHandler,
    ChangeIncidentModuleSettingsHandler,
    ChangeCustomerGroupDetailsHandler,
    DemoTenantSeeder,
    ...INCIDENT_SETTINGS_PROVIDERS,
    ...INCIDENTS_PROVIDERS,
    ...UPLOADS_PROVIDERS,
    IdempotencyKeyInterceptor,
  ],
})
export class CommandApiModule {}
