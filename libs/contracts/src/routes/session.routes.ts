import type { RouteDefinition } from './route-table';

/**
 * Sign-in and the session and shell calls (spec part 1 section 7). The password, second-factor
 * and impersonation paths follow dj-rest-auth's style (docs/decisions.md).
 */
export const SESSION_ROUTES = {
  login: { method: 'POST', path: '/api/rest-auth/login/', app: 'command-api', public: true },
  loginSecondFactor: { method: 'POST', path: '/api/rest-auth/login/2fa/', app: 'command-api', public: true },
  impersonateLogin: { method: 'POST', path: '/api/rest-auth/impersonate_login/', app: 'command-api', public: true },
  logout: { method: 'POST', path: '/api/rest-auth/logout/', app: 'command-api', guard: 'signedIn' },
  passwordReset: { method: 'POST', path: '/api/rest-auth/password/reset/', app: 'command-api', public: true },
  passwordResetConfirm: { method: 'POST', path: '/api/rest-auth/password/reset/confirm/', app: 'command-api', public: true },
  passwordChange: { method: 'POST', path: '/api/rest-auth/password/change/', app: 'command-api', guard: 'signedIn' },
  totpSetup: { method: 'POST', path: '/api/rest-auth/totp/setup/', app: 'command-api', guard: 'signedIn' },
  totpConfirm: { method: 'POST', path: '/api/rest-auth/totp/confirm/', app: 'command-api', guard: 'signedIn' },
  totpDisable: { method: 'POST', path: '/api/rest-auth/totp/disable/', app: 'command-api', guard: 'signedIn' },
  userSelf: { method: 'GET', path: '/api/user/self/', app: 'query-api', guard: 'signedIn' },
  companyInfo: { method: 'GET', path: '/api/get_company_info/', app: 'query-api', guard: 'signedIn' },
  keepalive: { method: 'GET', path: '/api/users/keepalive/', app: 'query-api', guard: 'signedIn' },
  tokenExpiry: { method: 'GET', path: '/api/get_token_expiry_time/', app: 'query-api', guard: 'signedIn' },
  customerGroups: { method: 'GET', path: '/api/customer_group/', app: 'query-api', guard: 'signedIn' },
  customerGroupIds: { method: 'GET', path: '/api/customer_group_ids/', app: 'query-api', guard: 'signedIn' },
  customerGroupUserIds: { method: 'GET', path: '/api/customer_group/get_users_id/', app: 'query-api', guard: 'signedIn' },
  emailOutbox: { method: 'GET', path: '/api/email_outbox/', app: 'query-api', guard: 'adminOnly' },
} as const satisfies Record<string, RouteDefinition>;
