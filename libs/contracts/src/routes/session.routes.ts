import type { RouteDefinition } from './route-table';

/** Sign-in and the session and shell calls (spec part 1 section 7). */
export const SESSION_ROUTES = {
  login: { method: 'POST', path: '/api/rest-auth/login/', app: 'command-api', public: true },
  logout: { method: 'POST', path: '/api/rest-auth/logout/', app: 'command-api' },
  userSelf: { method: 'GET', path: '/api/user/self/', app: 'query-api' },
  companyInfo: { method: 'GET', path: '/api/get_company_info/', app: 'query-api' },
} as const satisfies Record<string, RouteDefinition>;
