import { Query } from '@nestjs/cqrs';
import type { CustomerGroupDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The customer groups in the caller's reach (their own and its descendants), parents first. */
export class CustomerGroupsQuery extends Query<CustomerGroupDto[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
