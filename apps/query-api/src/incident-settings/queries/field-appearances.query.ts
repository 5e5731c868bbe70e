import { Query } from '@nestjs/cqrs';
import type { FieldAppearancesDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Where an incident field is used: the groups mapping it, the groups with a display condition on it, its rules. */
export class FieldAppearancesQuery extends Query<FieldAppearancesDto> {
  constructor(
    readonly principal: Principal,
    readonly fieldId: string,
  ) {
    super();
  }
}
