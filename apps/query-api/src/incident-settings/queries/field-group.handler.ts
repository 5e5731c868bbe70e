import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FieldGroupDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FieldGroupQuery } from './field-group.query';

/** GET /api/incidents/field_group/{id}/ (404 for a group the organisation does not have). */
@QueryHandler(FieldGroupQuery)
export class FieldGroupHandler implements IQueryHandler<FieldGroupQuery, FieldGroupDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal, fieldGroupId }: FieldGroupQuery): Promise<FieldGroupDto> {
    return this.settings.fieldGroup(principal.rootId, fieldGroupId);
  }
}
