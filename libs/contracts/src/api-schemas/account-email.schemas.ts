/** Account emails (account-email.routes.ts): the welcome email and the email suppression list. */
import { SUPPRESSION_REASONS } from '@beacon/domain';
import { z } from 'zod';
import type { ACCOUNT_EMAIL_ROUTES } from '../routes/account-email.routes';
import { described, json, named, noContent, queryFlag, type ApiFeature } from './api-schema';

export const ReissueWelcomeEmailQuerySchema = z.object({
  is_aproved: queryFlag('true: the user was approved; the email says so ("Your account has been approved"). Nothing else changes.'),
});

export const WelcomeEmailIssuedSchema = named(
  'WelcomeEmailIssued',
  z.object({
    detail: z.string(),
    expires_at: described(z.string(), 'When the link stops working (ISO 8601). Earlier welcome links of the user no longer work.'),
  }),
);
export type WelcomeEmailIssuedDto = z.output<typeof WelcomeEmailIssuedSchema>;

export const EMAIL_SUPPRESSION_SOURCES = ['provider_callback', 'smtp'] as const;

export const EmailSuppressionSchema = named(
  'EmailSuppression',
  z.object({
    email: described(z.string(), "The user's email address now."),
    suppressed: described(z.boolean(), 'No email goes to the address until the suppression is cleared.'),
    reason: z.enum(SUPPRESSION_REASONS).nullable(),
    detail: described(z.string().nullable(), 'What the email provider or the SMTP server said.'),
    source: described(z.enum(EMAIL_SUPPRESSION_SOURCES).nullable(), "provider_callback: the provider's callback; smtp: the SMTP server refused the address for good."),
    suppressed_at: described(z.string().nullable(), 'Since when (ISO 8601).'),
  }),
  "Whether email to a user's address is suppressed, why and since when.",
);
export type EmailSuppressionDto = z.output<typeof EmailSuppressionSchema>;

/** Longest address (RFC 5321's path limit) and reason a callback may carry. */
const ADDRESS_MAX_LENGTH = 254;
const REASON_MAX_LENGTH = 1000;

export const EmailProviderCallbackSchema = named(
  'EmailProviderCallback',
  z.object({
    event: described(z.enum(['bounced', 'complained']), 'bounced: the address refused mail for good; complained: its reader marked our email as spam.'),
    recipient: z.string().trim().min(1).max(ADDRESS_MAX_LENGTH),
    reason: described(z.string().max(REASON_MAX_LENGTH).optional(), "The provider's words (a bounce's SMTP reply, say)."),
  }),
  'Signed: X-Email-Callback-Timestamp (Unix seconds, within 5 minutes of the server\'s clock) and X-Email-Callback-Signature, the hex HMAC-SHA256 of "<timestamp>.<body as sent>" keyed with EMAIL_CALLBACK_SECRET.',
);

export const ACCOUNT_EMAIL_API = {
  tag: 'Account emails',
  description: 'The welcome email that lets a new user set a password, and the list of addresses no email goes to (bounced or complained).',
  routes: {
    reissueWelcomeEmail: {
      summary: 'Send a user a new welcome email',
      description:
        "Emails a new single-use link to set a password (the console's Set Password page), valid WELCOME_EMAIL_SECONDS; the user's earlier welcome links stop working. Refused (400) for a user who has set a password, and for a suppressed address.",
      query: ReissueWelcomeEmailQuerySchema,
      responses: { 200: json(WelcomeEmailIssuedSchema, 'Recorded; the email follows.') },
    },
    emailSuppression: {
      summary: "Whether email to a user's address is suppressed",
      responses: { 200: json(EmailSuppressionSchema, 'The suppression, or suppressed: false.') },
    },
    deleteEmailSuppression: {
      summary: "Clear the suppression of a user's address",
      responses: noContent('Cleared: email goes to the address again.'),
      errors: { 404: { description: 'The user is not in reach, or their address is not suppressed.' } },
    },
    emailProviderCallback: {
      summary: "The email provider's report of a bounce or a complaint",
      description: "Suppresses the address in the organisation of the user who holds it (an address nobody holds is acknowledged and ignored).",
      body: EmailProviderCallbackSchema,
      responses: { 200: json(z.object({ detail: z.string() }), 'Recorded, or nothing to record.') },
      errors: {
        401: { description: 'The signature or its timestamp is missing, wrong or too old.' },
        404: { description: 'No callback secret is configured: the route is off.' },
      },
    },
  },
} as const satisfies ApiFeature<keyof typeof ACCOUNT_EMAIL_ROUTES>;
