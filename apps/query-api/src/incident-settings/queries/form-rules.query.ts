import { Query } from '@nestjs/cqrs';
import type { FormRuleDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A form's rules, in order. */
export class FormRulesQuery extends Query<FormRuleDto[]> {
  constructor(
    readonly principal: Principal,
    readonly formId: string,
  ) {
    super();
  }
}
