import { Module } from '@nestjs/common';
import { ChangeOrganisationPermissionsHandler } from './commands/change-organisation-permissions.handler';
import { ChangeOrganisationQuotasHandler } from './commands/change-organisation-quotas.handler';
import { ChangeOrganisationSuspensionHandler } from './commands/change-organisation-suspension.handler';
import { ProvisionOrganisationHandler } from './commands/provision-organisation.handler';
import { OrganisationsController } from './organisations.controller';

/** The platform's operators' calls: provisioning organisations and their feature permissions, suspension and daily quotas. */
@Module({
  controllers: [OrganisationsController],
  providers: [ProvisionOrganisationHandler, ChangeOrganisationPermissionsHandler, ChangeOrganisationQuotasHandler, ChangeOrganisationSuspensionHandler],
})
export class OrganisationsModule {}
