import {
  ROUTES,
  type IncidentFormDto,
  type IncidentPageDto,
  type IncidentReportSummaryDto,
  type IncidentReportSummaryRequest,
} from '@beacon/contracts';
import type { ApiClient } from '../../api/api-client';
import type { IncidentPageRequest } from './incident-reports-query';

/** The calls the incident reports screen makes, typed over the API client's generic ones. */
export interface IncidentReportsApi {
  /** GET /api/incidents/incident/filters/?filters=<JSON>&items_per_page=&page= */
  filteredIncidents(request: IncidentPageRequest): Promise<IncidentPageDto>;
  /** POST /api/incidents/incident_report_summary/ */
  reportSummary(request: IncidentReportSummaryRequest): Promise<IncidentReportSummaryDto>;
  /** GET /api/incidents/form/: the forms the form filter offers. */
  incidentForms(): Promise<IncidentFormDto[]>;
}

export function incidentReportsApi(api: Pick<ApiClient, 'send'>): IncidentReportsApi {
  return {
    filteredIncidents: ({ filters, itemsPerPage, page }) => {
      const params = new URLSearchParams({ filters: JSON.stringify(filters), items_per_page: itemsPerPage });
      if (page !== undefined) params.set('page', String(page));
      return api.send('GET', `${ROUTES.filteredIncidents.path}?${params.toString()}`);
    },
    reportSummary: (request) => api.send('POST', ROUTES.incidentReportSummary.path, request),
    incidentForms: () => api.send('GET', ROUTES.incidentForms.path),
  };
}
