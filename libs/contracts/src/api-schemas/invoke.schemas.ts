/** Invoking a message by email or by phone (invoke.routes.ts). */
import { z } from 'zod';
import type { INVOKE_ROUTES } from '../routes/invoke.routes';
import { described, json, named, type ApiFeature } from './api-schema';
import { SCENARIO_ID_MAX_LENGTH } from './scenario.schemas';

/** Longer than any phone number however it is written (E.164 has at most 15 digits). */
export const PHONE_INVOKE_NUMBER_MAX_LENGTH = 50;

export const EmailInvokeQrRequestSchema = named(
  'EmailInvokeQrRequest',
  z.object({ scenario: described(z.string().trim().min(1).max(SCENARIO_ID_MAX_LENGTH), 'The kept message, with is_email_invoke on.') }),
);

export const EmailInvokeQrSchema = named(
  'EmailInvokeQr',
  z.object({
    scenario: described(z.string(), 'The message the address invokes.'),
    email_address: described(
      z.string(),
      'invoke+<token>@<INVOKE_EMAIL_DOMAIN>: the token is derived from the message with a server key, the same every time, and cannot be guessed from the message id.',
    ),
    subject: described(z.string(), "The message's name: what the email's subject says, for the person sending it."),
    mailto: described(z.string(), 'mailto:<email_address>?subject=<subject>, the text the QR code holds.'),
    qr_code: described(z.string(), 'The QR code of `mailto` as a PNG data URL (data:image/png;base64,…), to show in an <img> or save as a file.'),
  }),
  'The address that invokes a message by email, and its QR code.',
);

export const PhoneInvokeNumberQuerySchema = z.object({
  phone_number: described(
    z.string().max(PHONE_INVOKE_NUMBER_MAX_LENGTH),
    "The number to check: in international format, or as dialled in the group's country.",
  ),
});

export const ValidPhoneInvokeNumberSchema = named(
  'ValidPhoneInvokeNumber',
  z.object({ phone_number: described(z.string(), 'The number in E.164 (+442079460000).'), valid: z.literal(true) }),
  'The number may invoke the group’s messages by phone.',
);

export type EmailInvokeQrRequest = z.output<typeof EmailInvokeQrRequestSchema>;
export type EmailInvokeQrDto = z.output<typeof EmailInvokeQrSchema>;
export type PhoneInvokeNumberQuery = z.output<typeof PhoneInvokeNumberQuerySchema>;
export type ValidPhoneInvokeNumberDto = z.output<typeof ValidPhoneInvokeNumberSchema>;

export const INVOKE_API = {
  tag: 'Invocation',
  description: 'Invoking a message by email (its address as a QR code) or by phone (the numbers that may be dialled).',
  routes: {
    generateEmailInvokeQr: {
      summary: 'The QR code of the address that invokes a message by email',
      description:
        'Admins, operators and senders, for a message of a group in their reach (404 otherwise). The address is derived from the message, so it is the same on every call and nothing is stored; an email to it will start the message once inbound email is received (not yet).',
      body: EmailInvokeQrRequestSchema,
      responses: { 200: json(EmailInvokeQrSchema, 'The address, its mailto link and the QR code.') },
      errors: { 400: { description: 'The message does not have email invocation on (under `scenario`), or no message was named.' } },
    },
    validatePhoneInvokeNumber: {
      summary: 'Whether a number may invoke the group’s messages by phone',
      description:
        "Admins, operators and senders, for a group in their reach (404 otherwise). The number must be one of the group's phone numbers (its settings' noticeboard_numbers) with Voice on, and the organisation must have the root permission \"Phone invoke\".",
      query: PhoneInvokeNumberQuerySchema,
      responses: { 200: json(ValidPhoneInvokeNumberSchema, 'The number may be used, in E.164.') },
      errors: {
        400: {
          description:
            'The one reason under `phone_number`: Phone invoke is not enabled for the organisation, it is not a phone number, it is not one of the group’s numbers, or it does not take voice calls.',
        },
      },
    },
  },
} as const satisfies ApiFeature<keyof typeof INVOKE_ROUTES>;
