import type { RouteDefinition } from './route-table';

/**
 * Messages (scenarios) kept as templates, and the builder's server calls (spec part 2 §7 "Scenarios
 * and sending"). Creating and deleting a template is for admins and operators (Create Message and
 * Message Templates); reading and editing one also for senders (Edit Message). The DELETE is ours:
 * Message Templates deletes templates and the spec does not name its call.
 */
export const SCENARIO_ROUTES = {
  scenarios: { method: 'GET', path: '/api/scenario/', app: 'query-api', guard: 'adminOperatorSender' },
  createScenario: { method: 'POST', path: '/api/scenario/', app: 'command-api', guard: 'adminOperator' },
  scenarioName: { method: 'GET', path: '/api/scenario/name/', app: 'query-api', guard: 'adminOperatorSender' },
  recipientsCount: { method: 'POST', path: '/api/scenario/get_recipients_count/', app: 'query-api', read: true, guard: 'adminOperatorSender' },
  scenario: { method: 'GET', path: '/api/scenario/:id/', app: 'query-api', guard: 'adminOperatorSender' },
  changeScenario: { method: 'PUT', path: '/api/scenario/:id/', app: 'command-api', guard: 'adminOperatorSender' },
  deleteScenario: { method: 'DELETE', path: '/api/scenario/:id/', app: 'command-api', guard: 'adminOperator' },
} as const satisfies Record<string, RouteDefinition>;
