import { Module } from '@nestjs/common';
import { ChangeCustomerGroupDetailsHandler } from './commands/change-customer-group-details.handler';
import { ChangeAuditSettingsHandler } from './commands/change-audit-settings.handler';
import { ChangeConferenceSettingsHandler } from './commands/change-conference-settings.handler';
import { ChangeCustomerGroupParentHandler } from './commands/change-customer-group-parent.handler';
import { ChangeCustomerGroupSettingsHandler } from './commands/change-customer-group-settings.handler';
import { ChangeMergeFieldsHandler } from './commands/change-merge-fields.handler';
import { ChangeIncidentModuleSettingsHandler } from './commands/change-incident-module-settings.handler';
import { CreateChildCustomerGroupHandler } from './commands/create-child-customer-group.handler';
import { CreateCustomerGroupHandler } from './commands/create-customer-group.handler';
import { DeleteCustomerGroupHandler } from './commands/delete-customer-group.handler';
import { CustomerGroupContents } from './customer-group-contents';
import { CustomerGroupController } from './customer-group.controller';

/** The customer-group writes. */
@Module({
  controllers: [CustomerGroupController],
  providers: [
    CreateCustomerGroupHandler,
    CreateChildCustomerGroupHandler,
    ChangeIncidentModuleSettingsHandler,
    ChangeCustomerGroupDetailsHandler,
    ChangeCustomerGroupParentHandler,
    ChangeCustomerGroupSettingsHandler,
    ChangeConferenceSettingsHandler,
    ChangeAuditSettingsHandler,
    ChangeMergeFieldsHandler,
    DeleteCustomerGroupHandler,
    CustomerGroupContents,
  ],
})
export class CustomerGroupModule {}
