import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentFormDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { IncidentFormsQuery } from './incident-forms.query';

/** GET /api/incidents/form/ */
@QueryHandler(IncidentFormsQuery)
export class IncidentFormsHandler implements IQueryHandler<IncidentFormsQuery, IncidentFormDto[]> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal }: IncidentFormsQuery): Promise<IncidentFormDto[]> {
    return this.settings.forms(principal.rootId);
  }
}
