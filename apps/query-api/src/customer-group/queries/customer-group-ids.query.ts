import { Query } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** The ids of the customer groups in the caller's reach, parents first. */
export class CustomerGroupIdsQuery extends Query<string[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
