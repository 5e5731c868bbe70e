import { Query } from '@nestjs/cqrs';
import type { FieldGroupDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One field group of the organisation. */
export class FieldGroupQuery extends Query<FieldGroupDto> {
  constructor(
    readonly principal: Principal,
    readonly fieldGroupId: string,
  ) {
    super();
  }
}
