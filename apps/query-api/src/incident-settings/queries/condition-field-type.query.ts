import { Query } from '@nestjs/cqrs';
import type { ConditionFieldTypeDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** What a display condition on an incident field can test: its type and options. */
export class ConditionFieldTypeQuery extends Query<ConditionFieldTypeDto> {
  constructor(
    readonly principal: Principal,
    readonly fieldId: string,
  ) {
    super();
  }
}
