import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentFieldDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { IncidentFieldsQuery } from './incident-fields.query';

/** GET /api/incidents/field/ */
@QueryHandler(IncidentFieldsQuery)
export class IncidentFieldsHandler implements IQueryHandler<IncidentFieldsQuery, IncidentFieldDto[]> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal }: IncidentFieldsQuery): Promise<IncidentFieldDto[]> {
    return this.settings.fields(principal.rootId);
  }
}
