import type { RouteDefinition } from './route-table';

/**
 * Contact (data) fields and their options (spec part 2 §7 "Fields and options"). Admins change them;
 * operators and admins load them (§6 "Operators and admins can load dataset fields").
 */
export const FIELD_ROUTES = {
  customerGroupFields: { method: 'GET', path: '/api/customer_group/:id/fields/', app: 'query-api', guard: 'adminOperator' },
  createContactField: { method: 'POST', path: '/api/field/', app: 'command-api', guard: 'adminOnly' },
  changeContactField: { method: 'PUT', path: '/api/field/:id/', app: 'command-api', guard: 'adminOnly' },
  deleteContactField: { method: 'DELETE', path: '/api/field/:id/', app: 'command-api', guard: 'adminOnly' },
  changeExcludedOptionsByGroup: { method: 'PUT', path: '/api/field/:id/excluded_options_by_group/', app: 'command-api', guard: 'adminOnly' },
  createContactFieldOption: { method: 'POST', path: '/api/option/', app: 'command-api', guard: 'adminOnly' },
  changeContactFieldOption: { method: 'PUT', path: '/api/option/:id/', app: 'command-api', guard: 'adminOnly' },
  deleteContactFieldOption: { method: 'DELETE', path: '/api/customer_group/:id/option/:optionId/', app: 'command-api', guard: 'adminOnly' },
  fieldScenarios: { method: 'GET', path: '/api/field/scenarios/:id/', app: 'query-api', guard: 'adminOperator' },
  fieldOptionScenarios: { method: 'GET', path: '/api/field_option/scenarios/:id/', app: 'query-api', guard: 'adminOperator' },
} as const satisfies Record<string, RouteDefinition>;
