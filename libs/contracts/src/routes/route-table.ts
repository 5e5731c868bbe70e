/**
 * Every HTTP route of the platform and the app that serves it. The gateway (deploy/) routes by this
 * table — reads to query-api, writes to command-api — and a test keeps the two from drifting.
 * Paths use `:name` for a path parameter and keep the trailing slash the console sends.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ServingApp = 'command-api' | 'query-api';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly app: ServingApp;
  /** Reachable without a token. */
  readonly public?: boolean;
}

export const ROUTES = {
  login: { method: 'POST', path: '/api/rest-auth/login/', app: 'command-api', public: true },
  logout: { method: 'POST', path: '/api/rest-auth/logout/', app: 'command-api' },
  userSelf: { method: 'GET', path: '/api/user/self/', app: 'query-api' },
  customerGroupSelf: { method: 'GET', path: '/api/customer_group/self/', app: 'query-api' },
  companyInfo: { method: 'GET', path: '/api/get_company_info/', app: 'query-api' },
  incidentModuleSettings: { method: 'GET', path: '/api/customer_group_im_settings/:id/', app: 'query-api' },
  changeIncidentModuleSettings: { method: 'PUT', path: '/api/customer_group_im_settings/:id/', app: 'command-api' },
} as const satisfies Record<string, RouteDefinition>;

export const ROUTE_TABLE: readonly RouteDefinition[] = Object.values(ROUTES);

/** The Nest/Express path for a route (Nest takes `:id` parameters as they are). */
export function routePath(route: RouteDefinition): string {
  return route.path;
}

/** An anchored regular expression matching the route's path, `:name` matching one path segment. */
export function routePattern(route: RouteDefinition): string {
  const escaped = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return `^${escaped}$`;
}
