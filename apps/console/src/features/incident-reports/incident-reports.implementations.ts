import type { IncidentReportSummaryRequest } from '@beacon/contracts';
import { fromPromise } from 'xstate';
import type { IncidentReportsApi } from './incident-reports-api';
import type { IncidentPageRequest } from './incident-reports-query';
import { incidentReportsMachine } from './machines/incident-reports.machine';

/** The incident reports machine with its real side effects: the API calls. */
export function incidentReportsLogic(api: IncidentReportsApi) {
  return incidentReportsMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: IncidentPageRequest }) => api.filteredIncidents(input)),
      loadSummary: fromPromise(({ input }: { input: IncidentReportSummaryRequest }) => api.reportSummary(input)),
      loadForms: fromPromise(() => api.incidentForms()),
    },
  });
}
