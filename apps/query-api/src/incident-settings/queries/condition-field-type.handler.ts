import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ConditionFieldTypeDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { ConditionFieldTypeQuery } from './condition-field-type.query';

/** GET /api/incidents/get_condition_field_type/{id}/ (404 for a field the organisation does not have). */
@QueryHandler(ConditionFieldTypeQuery)
export class ConditionFieldTypeHandler implements IQueryHandler<ConditionFieldTypeQuery, ConditionFieldTypeDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  async execute({ principal, fieldId }: ConditionFieldTypeQuery): Promise<ConditionFieldTypeDto> {
    const field = await this.settings.field(principal.rootId, fieldId);
    return { id: field.id, field_type: field.field_type, options: field.options };
  }
}
