import type { RouteDefinition } from './route-table';

/** The activity log (spec part 2 section 7 "Activity log"): admin only. */
export const ACTIVITY_LOG_ROUTES = {
  activityLog: { method: 'GET', path: '/api/activity_log/', app: 'query-api', guard: 'adminOnly' },
  activityLogCustomerGroups: { method: 'GET', path: '/api/activity_log/customer_group/', app: 'query-api', guard: 'adminOnly' },
  activityLogExportSummary: {
    method: 'POST',
    path: '/api/activity_log/export_summary/',
    app: 'query-api',
    read: true,
    guard: 'adminOnly',
  },
} as const satisfies Record<string, RouteDefinition>;
