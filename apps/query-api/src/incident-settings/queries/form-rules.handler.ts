import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FormRuleDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FormRulesQuery } from './form-rules.query';

/** GET /api/incidents/form/{form}/rules/ (404 for a form the organisation does not have). */
@QueryHandler(FormRulesQuery)
export class FormRulesHandler implements IQueryHandler<FormRulesQuery, FormRuleDto[]> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  async execute({ principal, formId }: FormRulesQuery): Promise<FormRuleDto[]> {
    const form = await this.settings.form(principal.rootId, formId);
    return this.settings.rules(principal.rootId, { form: form.id });
  }
}
