import type { ApiClient } from '../../api/api-client';

/** The calls the activity log screen makes. */
export type ActivityLogApi = Pick<ApiClient, 'getActivityLog' | 'getActivityLogCustomerGroups' | 'exportActivityLogSummary'>;
