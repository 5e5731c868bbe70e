import { Module } from '@nestjs/common';
import { ActivityLogParkedEvents } from './activity-log-parked-events';
import { ActivityLogController } from './activity-log.controller';
import { ActivityLogCustomerGroupsHandler } from './queries/activity-log-customer-groups.handler';
import { ActivityLogExportHandler } from './queries/activity-log-export.handler';
import { ActivityLogPageHandler } from './queries/activity-log-page.handler';
import { ActivityLogReader } from './queries/activity-log-reader';

/** The activity log: its reads, and the line a parked event adds to it. */
@Module({
  controllers: [ActivityLogController],
  providers: [ActivityLogReader, ActivityLogPageHandler, ActivityLogCustomerGroupsHandler, ActivityLogExportHandler, ActivityLogParkedEvents],
  exports: [ActivityLogParkedEvents],
})
export class ActivityLogModule {}
