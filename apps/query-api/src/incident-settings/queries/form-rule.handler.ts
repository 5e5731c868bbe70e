import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FormRuleDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FormRuleQuery } from './form-rule.query';

/** GET /api/incidents/form/{form}/rules/{id}/ (404 unless the form has that rule). */
@QueryHandler(FormRuleQuery)
export class FormRuleHandler implements IQueryHandler<FormRuleQuery, FormRuleDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  execute({ principal, formId, ruleId }: FormRuleQuery): Promise<FormRuleDto> {
    return this.settings.rule(principal.rootId, formId, ruleId);
  }
}
