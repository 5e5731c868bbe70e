import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentTemplateWithFormDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { PublicIncidentTemplateQuery } from './public-incident-template.query';

/** The public incident template page (/incident-template): 404 when no organisation with incident permissions holds the subdomain. */
@QueryHandler(PublicIncidentTemplateQuery)
export class PublicIncidentTemplateHandler implements IQueryHandler<PublicIncidentTemplateQuery, IncidentTemplateWithFormDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ subdomain }: PublicIncidentTemplateQuery): Promise<IncidentTemplateWithFormDto> {
    return this.settings.publicTemplate(subdomain);
  }
}
