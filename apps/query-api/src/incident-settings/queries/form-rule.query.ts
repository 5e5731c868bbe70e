import { Query } from '@nestjs/cqrs';
import type { FormRuleDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One rule of a form. */
export class FormRuleQuery extends Query<FormRuleDto> {
  constructor(
    readonly principal: Principal,
    readonly formId: string,
    readonly ruleId: string,
  ) {
    super();
  }
}
