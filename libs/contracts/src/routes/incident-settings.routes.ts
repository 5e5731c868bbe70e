import type { RouteDefinition } from './route-table';

/**
 * Incident settings (spec part 1 §7 "Incident form rules", "Incident fields and options", "Forms and
 * field groups", "Incident templates"). Reads that building or filling an incident needs are open to
 * every incident role ('incident'); every change to the settings is for admins and operators
 * ('incidentSettings'), as the settings screens are.
 */
export const INCIDENT_SETTINGS_ROUTES = {
  // Form rules
  formRules: { method: 'GET', path: '/api/incidents/form/:form/rules/', app: 'query-api', guard: 'incident' },
  createFormRule: { method: 'POST', path: '/api/incidents/form/:form/rules/', app: 'command-api', guard: 'incidentSettings' },
  formRule: { method: 'GET', path: '/api/incidents/form/:form/rules/:id/', app: 'query-api', guard: 'incident' },
  changeFormRule: { method: 'PUT', path: '/api/incidents/form/:form/rules/:id/', app: 'command-api', guard: 'incidentSettings' },
  moveFormRule: { method: 'PATCH', path: '/api/incidents/form/:form/rules/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteFormRule: { method: 'DELETE', path: '/api/incidents/form/:form/rules/:id/', app: 'command-api', guard: 'incidentSettings' },

  // Fields and choice options
  incidentFields: { method: 'GET', path: '/api/incidents/field/', app: 'query-api', guard: 'incident' },
  createIncidentField: { method: 'POST', path: '/api/incidents/field/', app: 'command-api', guard: 'incidentSettings' },
  incidentField: { method: 'GET', path: '/api/incidents/field/:id/', app: 'query-api', guard: 'incident' },
  changeIncidentField: { method: 'PUT', path: '/api/incidents/field/:id/', app: 'command-api', guard: 'incidentSettings' },
  moveIncidentField: { method: 'PATCH', path: '/api/incidents/field/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteIncidentField: { method: 'DELETE', path: '/api/incidents/field/:id/', app: 'command-api', guard: 'incidentSettings' },
  fieldChoices: { method: 'GET', path: '/api/incidents/field_choice/', app: 'query-api', guard: 'incident' },
  fieldAppearances: { method: 'GET', path: '/api/incidents/field_appearances/:id/', app: 'query-api', guard: 'incidentSettings' },
  createFieldOption: { method: 'POST', path: '/api/incidents/option/', app: 'command-api', guard: 'incidentSettings' },
  changeFieldOption: { method: 'PUT', path: '/api/incidents/option/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteFieldOption: { method: 'DELETE', path: '/api/incidents/option/:id/', app: 'command-api', guard: 'incidentSettings' },
  fieldRules: { method: 'GET', path: '/api/incidents/rules/field/:id/', app: 'query-api', guard: 'incidentSettings' },
  deleteFieldRules: { method: 'DELETE', path: '/api/incidents/rules/field/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteFieldConditions: {
    method: 'DELETE',
    path: '/api/incidents/conditions/field/:id/',
    app: 'command-api',
    guard: 'incidentSettings',
  },

  // Forms and field groups
  incidentForms: { method: 'GET', path: '/api/incidents/form/', app: 'query-api', guard: 'incident' },
  createIncidentForm: { method: 'POST', path: '/api/incidents/form/', app: 'command-api', guard: 'incidentSettings' },
  incidentForm: { method: 'GET', path: '/api/incidents/form/:id/', app: 'query-api', guard: 'incident' },
  renameIncidentForm: { method: 'PUT', path: '/api/incidents/form/:id/', app: 'command-api', guard: 'incidentSettings' },
  moveIncidentForm: { method: 'PATCH', path: '/api/incidents/form/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteIncidentForm: { method: 'DELETE', path: '/api/incidents/form/:id/', app: 'command-api', guard: 'incidentSettings' },
  formFields: { method: 'GET', path: '/api/incidents/form/field/:id/', app: 'query-api', guard: 'incident' },
  conditionFieldType: { method: 'GET', path: '/api/incidents/get_condition_field_type/:id/', app: 'query-api', guard: 'incident' },
  createFieldGroup: { method: 'POST', path: '/api/incidents/field_group/', app: 'command-api', guard: 'incidentSettings' },
  fieldGroup: { method: 'GET', path: '/api/incidents/field_group/:id/', app: 'query-api', guard: 'incident' },
  changeFieldGroup: { method: 'PUT', path: '/api/incidents/field_group/:id/', app: 'command-api', guard: 'incidentSettings' },
  moveFieldGroup: { method: 'PATCH', path: '/api/incidents/field_group/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteFieldGroup: { method: 'DELETE', path: '/api/incidents/field_group/:id/', app: 'command-api', guard: 'incidentSettings' },

  // Templates
  incidentTemplates: { method: 'GET', path: '/api/incidents/incident_template/', app: 'query-api', guard: 'incidentSettings' },
  createIncidentTemplate: { method: 'POST', path: '/api/incidents/incident_template/', app: 'command-api', guard: 'incidentSettings' },
  changeIncidentTemplate: { method: 'PUT', path: '/api/incidents/incident_template/:id/', app: 'command-api', guard: 'incidentSettings' },
  deleteIncidentTemplate: { method: 'DELETE', path: '/api/incidents/incident_template/:id/', app: 'command-api', guard: 'incidentSettings' },
  /** A template with its form, to start an incident from it (signed in). */
  incidentTemplate: { method: 'GET', path: '/api/incidents/get_incident_template/:id/', app: 'query-api', guard: 'incident' },
  /** The public incident template page (/incident-template): the template its subdomain selects. */
  publicIncidentTemplate: {
    method: 'GET',
    path: '/api/incidents/public_incident_template/:subdomain/',
    app: 'query-api',
    public: true,
  },
} as const satisfies Record<string, RouteDefinition>;
