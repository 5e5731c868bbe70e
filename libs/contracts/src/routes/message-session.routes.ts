import type { RouteDefinition } from './route-table';

/**
 * Sending (spec part 2 §7 "Scenarios and sending"): a message sent now, with or without saving it, or
 * scheduled for later, and what became of a send. Sending a kept message is for the roles that may
 * open it in Edit Message (senders too); sending an unsaved new one and scheduling are for admins and
 * operators, as are Create Message and Schedule Message. A resend to those with no reply (spec §7
 * "Session reports") is for those who may follow the session.
 */
export const MESSAGE_SESSION_ROUTES = {
  sendScenario: { method: 'POST', path: '/api/scenario/:id/send_without_saving/', app: 'command-api', guard: 'adminOperatorSender' },
  sendWithoutSaving: { method: 'POST', path: '/api/scenario/send_without_saving/', app: 'command-api', guard: 'adminOperator' },
  scheduleSession: { method: 'POST', path: '/api/session/', app: 'command-api', guard: 'adminOperator' },
  runResult: { method: 'GET', path: '/api/scenario/run_result/:id/', app: 'query-api', guard: 'adminOperatorSender' },
  resendSession: { method: 'PATCH', path: '/api/session/:id/resend/', app: 'command-api', guard: 'adminOperatorSender' },
} as const satisfies Record<string, RouteDefinition>;
