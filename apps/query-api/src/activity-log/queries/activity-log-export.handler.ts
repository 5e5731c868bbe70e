import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ActivityLogExportQuery } from './activity-log-export.query';
import { ActivityLogReader, type ActivityLogExport } from './activity-log-reader';

/** POST /api/activity_log/export_summary/ (filters in the body). */
@QueryHandler(ActivityLogExportQuery)
export class ActivityLogExportHandler implements IQueryHandler<ActivityLogExportQuery, ActivityLogExport> {
  constructor(@Inject(ActivityLogReader) private readonly activityLog: ActivityLogReader) {}

  execute({ principal, filters, now }: ActivityLogExportQuery): Promise<ActivityLogExport> {
    return this.activityLog.export(principal, filters, now);
  }
}
