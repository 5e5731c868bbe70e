import { Module } from '@nestjs/common';
import { ChangeIncidentModuleSettingsHandler } from './customer-group/commands/change-incident-module-settings.handler';
import { CreateCustomerGroupHandler } from './customer-group/commands/create-customer-group.handler';
import { CustomerGroupAccess } from './customer-group/customer-group-access';
import { CustomerGroupController } from './customer-group/customer-group.controller';
import { DemoTenantSeeder } from './seed/demo-tenant.seeder';
import { SignInHandler } from './session/commands/sign-in.handler';
import { SignOutHandler } from './session/commands/sign-out.handler';
import { SessionController } from './session/session.controller';
import { RegisterUserHandler } from './users/commands/register-user.handler';
import { CredentialStore } from './users/credential-store';
import { UserLookup } from './users/user-lookup';

/** Every write: validates, decides, appends events. Needs InfrastructureModule and PlatformModule at the root. */
@Module({
  controllers: [SessionController, CustomerGroupController],
  providers: [
    CredentialStore,
    UserLookup,
    CustomerGroupAccess,
    RegisterUserHandler,
    CreateCustomerGroupHandler,
    ChangeIncidentModuleSettingsHandler,
    SignInHandler,
    SignOutHandler,
    DemoTenantSeeder,
  ],
})
export class CommandApiModule {}
