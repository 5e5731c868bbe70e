import { Query } from '@nestjs/cqrs';
import type { CustomerGroupDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One customer group in the caller's reach. */
export class CustomerGroupQuery extends Query<CustomerGroupDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
