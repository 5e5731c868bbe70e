import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentTemplateDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { IncidentTemplatesQuery } from './incident-templates.query';

/** GET /api/incidents/incident_template/ */
@QueryHandler(IncidentTemplatesQuery)
export class IncidentTemplatesHandler implements IQueryHandler<IncidentTemplatesQuery, IncidentTemplateDto[]> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal }: IncidentTemplatesQuery): Promise<IncidentTemplateDto[]> {
    return this.settings.templates(principal.rootId);
  }
}
