import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ActivityLogCustomerGroupsDto } from '@beacon/contracts';
import { ActivityLogCustomerGroupsQuery } from './activity-log-customer-groups.query';
import { ActivityLogReader } from './activity-log-reader';

/** GET /api/activity_log/customer_group/. */
@QueryHandler(ActivityLogCustomerGroupsQuery)
export class ActivityLogCustomerGroupsHandler implements IQueryHandler<ActivityLogCustomerGroupsQuery, ActivityLogCustomerGroupsDto> {
  constructor(@Inject(ActivityLogReader) private readonly activityLog: ActivityLogReader) {}

  async execute({ principal }: ActivityLogCustomerGroupsQuery): Promise<ActivityLogCustomerGroupsDto> {
    return { data: { customer_groups: await this.activityLog.customerGroups(principal) } };
  }
}
