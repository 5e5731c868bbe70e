import { Module } from '@nestjs/common';
import { OrganisationsController } from './organisations.controller';
import { ExportOrganisationHandler } from './queries/export-organisation.handler';
import { OrganisationsHandler } from './queries/organisations.handler';

/** The platform's operators' list of organisations, and an organisation's export. */
@Module({ controllers: [OrganisationsController], providers: [OrganisationsHandler, ExportOrganisationHandler] })
export class OrganisationsModule {}
