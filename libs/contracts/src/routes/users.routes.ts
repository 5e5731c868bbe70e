import type { RouteDefinition } from './route-table';

/** Users (spec part 2 section 7 "Users and on call"): the calls built so far. */
export const USERS_ROUTES = {
  user: { method: 'GET', path: '/api/user/:id/', app: 'query-api', guard: 'signedIn' },
  deleteFailedLoginAttempts: {
    method: 'DELETE',
    path: '/api/user/:id/delete_failed_login_attempts/',
    app: 'command-api',
    guard: 'adminOnly',
  },
  deletePasswordResetAttempts: {
    method: 'DELETE',
    path: '/api/user/:id/delete_password_reset_attempts/',
    app: 'command-api',
    guard: 'adminOnly',
  },
  impersonate: { method: 'POST', path: '/api/user/:id/impersonate/', app: 'command-api', guard: 'adminOnly' },
} as const satisfies Record<string, RouteDefinition>;
