import { Query } from '@nestjs/cqrs';
import type { FormRuleDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The rules that involve an incident field, in order. */
export class FieldRulesQuery extends Query<FormRuleDto[]> {
  constructor(
    readonly principal: Principal,
    readonly fieldId: string,
  ) {
    super();
  }
}
