import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentTemplateWithFormDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { IncidentTemplateQuery } from './incident-template.query';

/** GET /api/incidents/get_incident_template/{id}/ (404 for a template the organisation does not have). */
@QueryHandler(IncidentTemplateQuery)
export class IncidentTemplateHandler implements IQueryHandler<IncidentTemplateQuery, IncidentTemplateWithFormDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal, templateId }: IncidentTemplateQuery): Promise<IncidentTemplateWithFormDto> {
    return this.settings.templateWithForm(principal.rootId, templateId);
  }
}
