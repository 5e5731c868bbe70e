import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentFieldDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { IncidentFieldQuery } from './incident-field.query';

/** GET /api/incidents/field/{id}/ (404 for a field the organisation does not have). */
@QueryHandler(IncidentFieldQuery)
export class IncidentFieldHandler implements IQueryHandler<IncidentFieldQuery, IncidentFieldDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal, fieldId }: IncidentFieldQuery): Promise<IncidentFieldDto> {
    return this.settings.field(principal.rootId, fieldId);
  }
}
