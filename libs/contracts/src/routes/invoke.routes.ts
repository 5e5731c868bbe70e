import type { RouteDefinition } from './route-table';

/**
 * Invoking a message other than from the console (spec part 2 §7 "Invoke"): the QR code of the address
 * that invokes a message by email, and whether a number may invoke a group's messages by phone. Both
 * serve the message builder, so admins, operators and senders (Edit Message) may call them. The POST
 * only reads: the address is derived from the message, nothing is stored.
 */
export const INVOKE_ROUTES = {
  generateEmailInvokeQr: { method: 'POST', path: '/api/email_invoke/generate_invoke_qr/', app: 'query-api', read: true, guard: 'adminOperatorSender' },
  validatePhoneInvokeNumber: { method: 'GET', path: '/api/customer_group/:id/validate_phone_invoke_number', app: 'query-api', guard: 'adminOperatorSender' },
} as const satisfies Record<string, RouteDefinition>;
