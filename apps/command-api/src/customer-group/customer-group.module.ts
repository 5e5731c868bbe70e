import { Module } from '@nestjs/common';
import { ChangeCustomerGroupDetailsHandler } from './commands/change-customer-group-details.handler';
import { ChangeIncidentModuleSettingsHandler } from './commands/change-incident-module-settings.handler';
import { CreateCustomerGroupHandler } from './commands/create-customer-group.handler';
import { CustomerGroupController } from './customer-group.controller';

/** The customer-group writes. */
@Module({
  controllers: [CustomerGroupController],
  providers: [CreateCustomerGroupHandler, ChangeIncidentModuleSettingsHandler, ChangeCustomerGroupDetailsHandler],
})
export class CustomerGroupModule {}
