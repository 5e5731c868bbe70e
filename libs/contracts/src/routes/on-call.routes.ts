import type { RouteDefinition } from './route-table';

/**
 * On call (spec part 2 §7 "On call" and "Users and on call"). Every route needs the root permission
 * "On Call core platform access": rosters, settings, assignments and exports are admins' and
 * operators' (onCall); who is on call now is also senders' (the message builder's recipient type);
 * one user's weeks are also data users' and the user's own (onCallUser).
 */
export const ON_CALL_ROUTES = {
  onCallSettings: { method: 'GET', path: '/api/customer_group_on_call_settings/:id/', app: 'query-api', guard: 'onCall' },
  changeOnCallSettings: { method: 'POST', path: '/api/customer_group_on_call_settings/:id/', app: 'command-api', guard: 'onCall' },
  onCallStaffing: { method: 'GET', path: '/api/retrieve_on_call_staffing/:id/', app: 'query-api', guard: 'onCall' },
  userOnCall: { method: 'GET', path: '/api/user_on_call/:id/', app: 'query-api', guard: 'onCallUser', targetUserIdParam: 'id' },
  createOnCallPeriod: { method: 'POST', path: '/api/on_call_period/', app: 'command-api', guard: 'onCall' },
  changeOnCallPeriod: { method: 'PUT', path: '/api/on_call_period/:id/', app: 'command-api', guard: 'onCall' },
  deleteOnCallPeriod: { method: 'DELETE', path: '/api/on_call_period/:id/', app: 'command-api', guard: 'onCall' },
  assignUsersOnCall: { method: 'GET', path: '/api/assign_users_on_call/:id/', app: 'query-api', guard: 'onCall' },
  assignOnCallEntire: { method: 'POST', path: '/api/on_call_period/assign/entire/', app: 'command-api', guard: 'onCall' },
  assignOnCallParts: { method: 'POST', path: '/api/on_call_period/assign/parts/', app: 'command-api', guard: 'onCall' },
  onCallRecipients: { method: 'GET', path: '/api/customer_group/on_call_recipients/:id/', app: 'query-api', guard: 'onCallRecipients' },
  exportOnCallPeriods: {
    method: 'POST',
    path: '/api/export_on_call_periods/:id/',
    app: 'query-api',
    read: true,
    guard: 'onCallUser',
    targetUserIdParam: 'id',
  },
  exportUsersOnCall: { method: 'POST', path: '/api/user/export/on_call_csv/', app: 'query-api', read: true, guard: 'onCall' },
  exportCustomerGroupOnCall: { method: 'POST', path: '/api/customer_group_on_call_export/', app: 'query-api', read: true, guard: 'onCall' },
  /** The group's on-call report (the spec lists the same path under session reports too; here the id is a customer group's). */
  onCallReport: { method: 'GET', path: '/api/export_reports/:id/', app: 'query-api', guard: 'onCall' },
} as const satisfies Record<string, RouteDefinition>;
