import { Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type FormRuleDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { FormRuleQuery } from './queries/form-rule.query';
import { FormRulesQuery } from './queries/form-rules.query';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of a form's rules (spec part 1 §7 "Incident form rules"). */
@QueryController()
export class FormRulesController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** The form's rules in order; 404 for a form the organisation does not have. */
  @Get(ROUTES.formRules.path)
  rules(@CurrentPrincipal() principal: Principal, @Param('form') formId: string): Promise<FormRuleDto[]> {
    return this.queryBus.execute(new FormRulesQuery(principal, formId));
  }

  @Get(ROUTES.formRule.path)
  rule(@CurrentPrincipal() principal: Principal, @Param('form') formId: string, @Param('id') id: string): Promise<FormRuleDto> {
    return this.queryBus.execute(new FormRuleQuery(principal, formId, id));
  }
}
