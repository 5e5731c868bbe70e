import { Query } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** The ids of the users of the caller's customer group (and of its descendants), in id order. */
export class CustomerGroupUserIdsQuery extends Query<string[]> {
  constructor(
    readonly principal: Principal,
    /** `?descendants=true`: the users of the descendant groups too. */
    readonly withDescendants: boolean,
  ) {
    super();
  }
}
