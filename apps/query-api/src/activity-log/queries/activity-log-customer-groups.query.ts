import { Query } from '@nestjs/cqrs';
import type { ActivityLogCustomerGroupsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The customer groups the activity log's filter offers the caller. */
export class ActivityLogCustomerGroupsQuery extends Query<ActivityLogCustomerGroupsDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
