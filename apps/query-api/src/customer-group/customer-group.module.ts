import { Module } from '@nestjs/common';
import { CustomerGroupController } from './customer-group.controller';
import { AuditRecipientsHandler } from './queries/audit-recipients.handler';
import { AuditSettingsHandler } from './queries/audit-settings.handler';
import { MergeFieldsHandler } from './queries/merge-fields.handler';
import { BrandLoginHandler } from './queries/brand-login.handler';
import { CustomerGroupIdsHandler } from './queries/customer-group-ids.handler';
import { CustomerGroupSelfHandler } from './queries/customer-group-self.handler';
import { CustomerGroupUserIdsHandler } from './queries/customer-group-user-ids.handler';
import { CustomerGroupHandler } from './queries/customer-group.handler';
import { CustomerGroupsHandler } from './queries/customer-groups.handler';
import { IncidentModuleSettingsHandler } from './queries/incident-module-settings.handler';
import { QuotaUsageHandler } from './queries/quota-usage.handler';

/** The customer-group reads. */
@Module({
  controllers: [CustomerGroupController],
  providers: [CustomerGroupSelfHandler, BrandLoginHandler, IncidentModuleSettingsHandler, CustomerGroupsHandler, CustomerGroupIdsHandler, CustomerGroupUserIdsHandler, CustomerGroupHandler, AuditSettingsHandler, AuditRecipientsHandler, MergeFieldsHandler, QuotaUsageHandler],
})
export class CustomerGroupModule {}
