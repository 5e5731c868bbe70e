import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FormRuleDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FieldRulesQuery } from './field-rules.query';

/** GET /api/incidents/rules/field/{id}/ (404 for a field the organisation does not have). */
@QueryHandler(FieldRulesQuery)
export class FieldRulesHandler implements IQueryHandler<FieldRulesQuery, FormRuleDto[]> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  async execute({ principal, fieldId }: FieldRulesQuery): Promise<FormRuleDto[]> {
    const field = await this.settings.field(principal.rootId, fieldId);
    return this.settings.rules(principal.rootId, { for_field: field.id });
  }
}
