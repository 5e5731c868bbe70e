import type { RouteDefinition } from './route-table';

/**
 * Account emails (spec part 2 §7 "Users and on call"): the welcome email and the email suppression
 * list, and the email provider's callback that fills the list. Admin or data: the roles that create
 * users and so send welcome emails.
 */
export const ACCOUNT_EMAIL_ROUTES = {
  /** A GET that writes, as the spec has it: records a new welcome link and emails it. */
  reissueWelcomeEmail: { method: 'GET', path: '/api/reissue_welcome_email/:id/', app: 'command-api', guard: 'adminData', write: true },
  emailSuppression: { method: 'GET', path: '/api/mailgun_suppression/:id/', app: 'query-api', guard: 'adminData' },
  deleteEmailSuppression: { method: 'DELETE', path: '/api/mailgun_suppression/:id/', app: 'command-api', guard: 'adminData' },
  /** The email provider's bounces and complaints: no token, an HMAC of the body instead (404 while EMAIL_CALLBACK_SECRET is unset). */
  emailProviderCallback: { method: 'POST', path: '/api/email/provider_callback/', app: 'command-api', public: true },
} as const satisfies Record<string, RouteDefinition>;
