import { Module } from '@nestjs/common';
import { ChangeOrganisationPermissionsHandler } from './commands/change-organisation-permissions.handler';
import { ChangeOrganisationSuspensionHandler } from './commands/change-organisation-suspension.handler';
import { ProvisionOrganisationHandler } from './commands/provision-organisation.handler';
import { OrganisationsController } from './organisations.controller';

/** The platform's operators' calls: provisioning organisations and their feature permissions. */
@Module({
  controllers: [OrganisationsController],
  providers: [ProvisionOrganisationHandler, ChangeOrganisationPermissionsHandler, ChangeOrganisationSuspensionHandler],
})
export class OrganisationsModule {}
