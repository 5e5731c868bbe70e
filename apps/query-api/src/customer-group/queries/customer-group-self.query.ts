import { Query } from '@nestjs/cqrs';
import type { CustomerGroupDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The caller's own customer group. */
export class CustomerGroupSelfQuery extends Query<CustomerGroupDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
