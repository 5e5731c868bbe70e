import { Module } from '@nestjs/common';
import { OrganisationsController } from './organisations.controller';
import { OrganisationsHandler } from './queries/organisations.handler';

/** The platform's operators' list of organisations. */
@Module({ controllers: [OrganisationsController], providers: [OrganisationsHandler] })
export class OrganisationsModule {}
