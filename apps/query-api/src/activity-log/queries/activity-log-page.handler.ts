import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ActivityLogPageDto } from '@beacon/contracts';
import { ActivityLogPageQuery } from './activity-log-page.query';
import { ActivityLogReader } from './activity-log-reader';

/** GET /api/activity_log/ (filters in the query string). */
@QueryHandler(ActivityLogPageQuery)
export class ActivityLogPageHandler implements IQueryHandler<ActivityLogPageQuery, ActivityLogPageDto> {
  constructor(@Inject(ActivityLogReader) private readonly activityLog: ActivityLogReader) {}

  async execute({ principal, filters }: ActivityLogPageQuery): Promise<ActivityLogPageDto> {
    return { data: await this.activityLog.page(principal, filters) };
  }
}
