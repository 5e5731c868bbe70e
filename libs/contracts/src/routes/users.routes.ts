import type { RouteDefinition } from './route-table';

/** Users (spec part 2 section 7 "Users and on call"): the calls built so far. */
export const USERS_ROUTES = {
  user: { method: 'GET', path: '/api/user/:id/', app: 'query-api', guard: 'signedIn' },
  /** The list of /users: the console's guard of that route (part 2 §2). */
  customerGroupUsers: { method: 'GET', path: '/api/customer_group/:id/users/', app: 'query-api', guard: 'adminOperatorSenderData' },
  /** The list's export: the list's guard and filters, every matching user as a CSV or XLSX file. */
  listUsersExport: { method: 'GET', path: '/api/user/list_users_export/:id/', app: 'query-api', guard: 'adminOperatorSenderData' },
  exportUsers: { method: 'POST', path: '/api/export_users', app: 'query-api', guard: 'adminOperatorSenderData', read: true },
  /** Admin or data: the roles of the profile-edit rule that edit other users (part 2 §6). */
  createUser: { method: 'POST', path: '/api/user/', app: 'command-api', guard: 'adminData' },
  /** The profile-edit rule of /users/{id}/edit: admin or data, or the user themselves when send_verification_email is on. */
  changeUser: { method: 'PUT', path: '/api/user/:id/', app: 'command-api', guard: 'profileEdit', targetUserIdParam: 'id' },
  deleteUser: { method: 'DELETE', path: '/api/user/:id/', app: 'command-api', guard: 'adminData' },
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
