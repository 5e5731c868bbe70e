import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FormFieldsDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FormFieldsQuery } from './form-fields.query';

/** GET /api/incidents/form/field/{id}/ (404 for a form the organisation does not have). */
@QueryHandler(FormFieldsQuery)
export class FormFieldsHandler implements IQueryHandler<FormFieldsQuery, FormFieldsDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  async execute({ principal, formId }: FormFieldsQuery): Promise<FormFieldsDto> {
    return this.settings.fieldsOfForm(principal.rootId, await this.settings.form(principal.rootId, formId));
  }
}
