import { Query } from '@nestjs/cqrs';
import type { ActivityLogPageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { ActivityLogFilters } from './activity-log-filters';

/** A page of the activity log entries the caller may see that match the filters, newest first. */
export class ActivityLogPageQuery extends Query<ActivityLogPageDto> {
  constructor(
    readonly principal: Principal,
    readonly filters: ActivityLogFilters,
  ) {
    super();
  }
}
