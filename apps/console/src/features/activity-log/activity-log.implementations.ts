import type { ActivityLogFiltersDto } from '@beacon/contracts';
import { fromPromise } from 'xstate';
import type { DownloadedFile } from '../../api/api-client';
import type { ActivityLogApi } from './activity-log-api';
import { activityLogMachine } from './machines/activity-log.machine';
import { saveFile } from '../../shared-ui/save-file';

export interface ActivityLogServices {
  api: ActivityLogApi;
  /** Tells the user an export failed (the app's snackbar). */
  reportExportFailure: (text: string) => void;
}

/** The activity log machine with its real side effects: the API calls, the download and the snackbar. */
export function activityLogLogic({ api, reportExportFailure }: ActivityLogServices) {
  return activityLogMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: ActivityLogFiltersDto }) => (await api.getActivityLog(input)).data),
      loadCustomerGroups: fromPromise(async () => (await api.getActivityLogCustomerGroups()).data.customer_groups),
      exportSummary: fromPromise(({ input }: { input: ActivityLogFiltersDto }) => api.exportActivityLogSummary(input)),
    },
    actions: {
      saveFile: (_, { file }: { file: DownloadedFile }) => saveFile(file, 'activity-log.csv'),
      reportExportFailure: (_, { text }: { text: string }) => reportExportFailure(text),
    },
  });
}
