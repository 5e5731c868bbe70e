import type { RouteDefinition } from './route-table';

/**
 * Incidents, their history, reports, exports and attachments (spec part 1 §7 "Incidents", "Uploads").
 * Open to admins, operators and senders in a tenant holding an incident root permission ('incident').
 * Fixed paths under /incident/ (filters, upload, start) are registered before /incident/:id/.
 */
export const INCIDENTS_ROUTES = {
  incidents: { method: 'GET', path: '/api/incidents/incident/', app: 'query-api', guard: 'incident' },
  filteredIncidents: { method: 'GET', path: '/api/incidents/incident/filters/', app: 'query-api', guard: 'incident' },
  incident: { method: 'GET', path: '/api/incidents/incident/:id/', app: 'query-api', guard: 'incident' },
  /** The incident's timeline, built from its events (who changed which field from what to what, when). */
  incidentHistory: { method: 'GET', path: '/api/incidents/incident/:id/history/', app: 'query-api', guard: 'incident' },
  /** A new, not yet recorded incident from a form: its snapshot, order and title, to fill in and start. */
  newIncident: { method: 'POST', path: '/api/incidents/incident/', app: 'query-api', guard: 'incident', read: true },
  /** A new, not yet recorded incident from a template. */
  newIncidentFromTemplate: {
    method: 'GET',
    path: '/api/incidents/create_incident_from_template/:id/',
    app: 'query-api',
    guard: 'incident',
  },
  /** Records and starts a new incident from the form :id with its first values. */
  startIncident: { method: 'POST', path: '/api/incidents/incident/start/:id/', app: 'command-api', guard: 'incident' },
  /** Records and starts a new incident from the template :id with its first values. */
  startIncidentFromTemplate: {
    method: 'PUT',
    path: '/api/incidents/start_incident_from_template/:id/',
    app: 'command-api',
    guard: 'incident',
  },
  updateIncident: { method: 'PUT', path: '/api/incidents/incident/:id/', app: 'command-api', guard: 'incident' },
  /** Partial update: state, title or order. */
  patchIncident: { method: 'PATCH', path: '/api/incidents/incident/:id/', app: 'command-api', guard: 'incident' },
  incidentReportSummary: {
    method: 'POST',
    path: '/api/incidents/incident_report_summary/',
    app: 'query-api',
    guard: 'incident',
    read: true,
  },
  /** Answers the PDF itself (application/pdf). */
  generateIncidentPdf: {
    method: 'POST',
    path: '/api/incidents/incident/:id/generate_pdf/',
    app: 'query-api',
    guard: 'incident',
    read: true,
  },
  uploadIncidentAttachment: { method: 'POST', path: '/api/incidents/incident/upload/', app: 'command-api', guard: 'incident' },
  /** An uploaded attachment's content, by the key its upload answered. */
  incidentAttachment: { method: 'GET', path: '/api/incidents/attachment/:key/', app: 'query-api', guard: 'incident' },
  /** Public: a guest on the incident template page attaches a file (the template's subdomain in file_data). */
  uploadAttachmentFromTemplate: {
    method: 'POST',
    path: '/api/incidents/upload_attachment_from_template/',
    app: 'command-api',
    public: true,
  },
  /** Public: a guest on the incident template page starts an incident from the template its subdomain selects. */
  startPublicIncidentFromTemplate: {
    method: 'POST',
    path: '/api/incidents/public_incident_template/:subdomain/start/',
    app: 'command-api',
    public: true,
  },
} as const satisfies Record<string, RouteDefinition>;
