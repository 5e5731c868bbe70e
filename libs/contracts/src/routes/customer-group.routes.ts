import type { RouteDefinition } from './route-table';

/** Customer groups and their settings. */
export const CUSTOMER_GROUP_ROUTES = {
  customerGroupSelf: { method: 'GET', path: '/api/customer_group/self/', app: 'query-api', guard: 'signedIn' },
  incidentModuleSettings: { method: 'GET', path: '/api/customer_group_im_settings/:id/', app: 'query-api', guard: 'signedIn' },
  changeIncidentModuleSettings: {
    method: 'PUT',
    path: '/api/customer_group_im_settings/:id/',
    app: 'command-api',
    guard: 'adminOperator',
  },
} as const satisfies Record<string, RouteDefinition>;
