import { Query } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { ActivityLogFilters } from './activity-log-filters';
import type { ActivityLogExport } from './activity-log-reader';

/** Every activity log entry the caller may see that matches, as CSV, named for when it was asked. */
export class ActivityLogExportQuery extends Query<ActivityLogExport> {
  constructor(
    readonly principal: Principal,
    readonly filters: ActivityLogFilters,
    readonly now: Date,
  ) {
    super();
  }
}
