import { Get, Inject, Param } from '@nestjs/common';
import { ROUTES, type FormRuleDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { IncidentSettingsReader } from './incident-settings-reader';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of a form's rules (spec part 1 §7 "Incident form rules"). */
@QueryController()
export class FormRulesController {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  /** The form's rules in order; 404 for a form the organisation does not have. */
  @Get(ROUTES.formRules.path)
  async rules(@CurrentPrincipal() principal: Principal, @Param('form') formId: string): Promise<FormRuleDto[]> {
    const form = await this.settings.form(principal.rootId, formId);
    return this.settings.rules(principal.rootId, { form: form.id });
  }

  @Get(ROUTES.formRule.path)
  rule(@CurrentPrincipal() principal: Principal, @Param('form') formId: string, @Param('id') id: string): Promise<FormRuleDto> {
    return this.settings.rule(principal.rootId, formId, id);
  }
}
