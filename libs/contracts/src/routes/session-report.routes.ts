import type { RouteDefinition } from './route-table';

/**
 * Session reports (spec part 2 §7 "Session reports"): what became of a send, person by person. The
 * statistics and the counts by state, reply and reply time carry no address: every role that follows
 * sessions reads them (Message Reports, Dispatches overview). The people's lines, their dispatches, the
 * ids and the detailed exports are the session detail report: admins, and operators with a
 * detailed-report permission (§6). `GET /api/export_reports/{id}/` is the on-call report
 * (on-call.routes.ts), which the spec lists under both headings.
 */
export const SESSION_REPORT_ROUTES = {
  sessionReportDetails: { method: 'GET', path: '/api/session/:id/report-details/', app: 'query-api', guard: 'adminOperatorSender' },
  sessionRecipients: { method: 'GET', path: '/api/session/:id/recipients/', app: 'query-api', guard: 'sessionReportDetail' },
  sessionRecipientsAggregate: { method: 'GET', path: '/api/session/:id/recipients/aggregate/:by/', app: 'query-api', guard: 'adminOperatorSender' },
  sessionRecipientIds: { method: 'GET', path: '/api/session/:id/recipients/ids/', app: 'query-api', guard: 'sessionReportDetail' },
  sessionRecipientDispatches: { method: 'GET', path: '/api/session/:id/recipient/:rid/dispatches/', app: 'query-api', guard: 'sessionReportDetail' },
  generateSessionPdf: { method: 'GET', path: '/api/generate_reports/:id/', app: 'query-api', guard: 'adminOperatorSender' },
  generateSessionXlsx: { method: 'GET', path: '/api/generate_xlsx/:id/', app: 'query-api', guard: 'adminOperatorSender' },
  detailedSessionXlsx: { method: 'POST', path: '/api/session/:id/xlsx/detailed/', app: 'query-api', read: true, guard: 'sessionReportDetail' },
  conferenceRecording: { method: 'GET', path: '/api/session/conference_recording/:id/', app: 'query-api', guard: 'sessionReportDetail' },
  detailedSessionPdf: { method: 'POST', path: '/api/session/:id/pdf/detailed/', app: 'query-api', read: true, guard: 'sessionReportDetail' },
} as const satisfies Record<string, RouteDefinition>;
