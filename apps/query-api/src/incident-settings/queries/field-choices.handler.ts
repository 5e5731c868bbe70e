import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FieldChoiceOptionDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FieldChoicesQuery } from './field-choices.query';

/** GET /api/incidents/field_choice/ */
@QueryHandler(FieldChoicesQuery)
export class FieldChoicesHandler implements IQueryHandler<FieldChoicesQuery, FieldChoiceOptionDto[]> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  async execute({ principal }: FieldChoicesQuery): Promise<FieldChoiceOptionDto[]> {
    return (await this.settings.fields(principal.rootId)).flatMap((field) => field.options);
  }
}
