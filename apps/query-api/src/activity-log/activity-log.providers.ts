import type { Provider } from '@nestjs/common';
import { ActivityLogCustomerGroupsHandler } from './queries/activity-log-customer-groups.handler';
import { ActivityLogExportHandler } from './queries/activity-log-export.handler';
import { ActivityLogPageHandler } from './queries/activity-log-page.handler';
import { ActivityLogReader } from './queries/activity-log-reader';

/** The activity log's reader and query handlers. */
export const ACTIVITY_LOG_PROVIDERS: Provider[] = [ActivityLogReader, ActivityLogPageHandler, ActivityLogCustomerGroupsHandler, ActivityLogExportHandler];
