import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentFormDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { IncidentFormQuery } from './incident-form.query';

/** GET /api/incidents/form/{id}/ (404 for a form the organisation does not have). */
@QueryHandler(IncidentFormQuery)
export class IncidentFormHandler implements IQueryHandler<IncidentFormQuery, IncidentFormDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal, formId }: IncidentFormQuery): Promise<IncidentFormDto> {
    return this.settings.form(principal.rootId, formId);
  }
}
