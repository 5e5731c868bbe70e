/** Sign-in, passwords, the second factor and the shell's session calls (session.routes.ts). */
import { CUSTOMER_PERMISSIONS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@beacon/domain';
import { z } from 'zod';
import { ACCOUNT_EMAIL_KINDS, OUTBOX_EMAIL_STATUSES } from '../api/email-outbox.dto';
import type { SESSION_ROUTES } from '../routes/session.routes';
import {
  DetailResponseSchema,
  StringListSchema,
  described,
  json,
  named,
  nonBlankString,
  queryFlag,
  type ApiFeature,
} from './api-schema';
import { CustomerGroupSchema } from './customer-group.schemas';
import { DescendantFieldSchema, UserFieldValueSchema } from './user-field-values.schemas';

// Requests: each field a string that is not blank (the controllers' requiredStrings); passwords are kept as typed.

export const LoginRequestSchema = named(
  'LoginRequest',
  z.object({ email: nonBlankString(), password: nonBlankString() }),
  'The email is matched without regard to case or surrounding spaces.',
);

export const SecondFactorLoginRequestSchema = named(
  'SecondFactorLoginRequest',
  z.object({
    ephemeral_token: described(nonBlankString(), 'The ephemeral_token the sign-in answered (short-lived, single use).'),
    code: described(nonBlankString(), "The 6-digit code of the user's authenticator app."),
  }),
);

export const ImpersonateLoginRequestSchema = named(
  'ImpersonateLoginRequest',
  z.object({ token: described(nonBlankString(), 'The single-use token of POST /api/user/{id}/impersonate/.') }),
);

export const PasswordResetRequestSchema = named('PasswordResetRequest', z.object({ email: nonBlankString() }));

// The password policy (libs/domain password-policy.ts) checks the length with its own messages.
const newPassword = () =>
  described(
    nonBlankString(),
    `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not entirely numeric, not a common password, not like the email address.`,
  );
const repeatedPassword = () => described(nonBlankString(), 'new_password1 again.');

export const PasswordResetConfirmRequestSchema = named(
  'PasswordResetConfirmRequest',
  z.object({
    uid: described(nonBlankString(), 'From the reset link /ui/reset/{uid}/{token}.'),
    token: described(nonBlankString(), 'From the reset link /ui/reset/{uid}/{token}.'),
    new_password1: newPassword(),
    new_password2: repeatedPassword(),
  }),
);

export const PasswordChangeRequestSchema = named(
  'PasswordChangeRequest',
  z.object({ old_password: nonBlankString(), new_password1: newPassword(), new_password2: repeatedPassword() }),
);

export const TotpConfirmRequestSchema = named('TotpConfirmRequest', z.object({ code: nonBlankString() }));
export const TotpDisableRequestSchema = named('TotpDisableRequest', z.object({ password: nonBlankString() }));

export const LogoutQuerySchema = z.object({
  inactivity: queryFlag('true, 1 or yes (in any case): the session ended because the user was idle (recorded in the activity log).', (text) =>
    ['true', '1', 'yes'].includes(text.toLowerCase()),
  ),
});

export const CustomerGroupUserIdsQuerySchema = z.object({
  descendants: queryFlag("true: also the users of the descendants of the caller's group."),
});

// Answers

export const LoginResponseSchema = named('LoginResponse', z.object({ key: z.string() }), 'The token: send it as `Authorization: Token <key>`.');

export const TwoFactorRequiredResponseSchema = named(
  'TwoFactorRequiredResponse',
  z.object({ two_factor_required: z.literal(true), ephemeral_token: z.string() }),
  'The user has two-factor on: send ephemeral_token with the code to POST /api/rest-auth/login/2fa/.',
);

export const SignInResponseSchema = named('SignInResponse', z.union([LoginResponseSchema, TwoFactorRequiredResponseSchema]));

export const TotpSetupResponseSchema = named(
  'TotpSetupResponse',
  z.object({ otpauth_url: z.string() }),
  'The otpauth:// URI to show as a QR code; confirm with a code to switch two-factor on.',
);

export const TokenExpiryResponseSchema = named(
  'TokenExpiry',
  z.object({
    token_expiry: described(z.number().int(), 'Idle lifetime of a token in seconds: each successful call moves the expiry this far ahead.'),
    expires_at: described(z.string(), "When the caller's token expires without a further call (ISO 8601)."),
  }),
);

export const CustomerPermissionSchema = named('CustomerPermission', z.enum(CUSTOMER_PERMISSIONS), "A user's role in their customer group.");

export const LoggedUserSchema = named(
  'LoggedUser',
  z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    customer_permission: CustomerPermissionSchema,
    customer_group: z.string(),
    is_temporary: z.boolean(),
    preferred_timezone: z.string(),
  }),
);

export const UserSelfQuerySchema = z.object({
  descendant_fields: queryFlag("true: the answer has custom_fields (the caller's own contact-field values) and descendant_fields (the contact fields the groups below the caller's define)."),
});

export const UserSelfSchema = named(
  'UserSelf',
  LoggedUserSchema.extend({
    custom_fields: z.array(UserFieldValueSchema).optional(),
    descendant_fields: z.array(DescendantFieldSchema).optional(),
  }),
);

export const CompanyInfoSchema = named('CompanyInfo', z.object({ version_number: z.string() }));

export const OutboxEmailSchema = named(
  'OutboxEmail',
  z.object({
    id: z.string(),
    kind: z.enum(ACCOUNT_EMAIL_KINDS),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    created_at: z.string(),
    status: described(z.enum(OUTBOX_EMAIL_STATUSES), 'sending (tried again later), sent, failed (refused for good or out of attempts) or suppressed (not sent).'),
    failure: described(z.string().nullable(), 'Why it failed or was not sent.'),
  }),
);

export const EmailOutboxSchema = named('EmailOutbox', z.object({ results: z.array(OutboxEmailSchema) }));

export const SESSION_API = {
  tag: 'Session',
  description: 'Signing in and out, passwords, the second factor (TOTP), and the calls the console shell makes.',
  routes: {
    login: {
      summary: 'Sign in',
      description:
        'Answers the token, or for a user with two-factor on an ephemeral token to send with the code. Repeated failures lock the user for a while; too many attempts at once answer 429 with Retry-After.',
      body: LoginRequestSchema,
      responses: { 200: json(SignInResponseSchema, 'Signed in, or a second factor is needed.') },
      errors: { 429: { description: 'Too many sign-in attempts: wait as Retry-After says.', headers: { 'Retry-After': 'Seconds to wait.' } } },
    },
    loginSecondFactor: {
      summary: 'Sign in: the second factor',
      body: SecondFactorLoginRequestSchema,
      responses: { 200: json(LoginResponseSchema, 'Signed in.') },
      errors: { 429: { description: 'Too many sign-in attempts: wait as Retry-After says.', headers: { 'Retry-After': 'Seconds to wait.' } } },
    },
    impersonateLogin: {
      summary: 'Sign in as another user with an impersonation token',
      body: ImpersonateLoginRequestSchema,
      responses: { 200: json(LoginResponseSchema, 'Signed in as the user.') },
    },
    logout: {
      summary: 'Sign out',
      description: "Revokes the caller's token.",
      query: LogoutQuerySchema,
      responses: { 200: json(DetailResponseSchema, 'Signed out.') },
    },
    passwordReset: {
      summary: 'Ask for a password reset email',
      description: 'Answers the same whether or not the email belongs to a user.',
      body: PasswordResetRequestSchema,
      responses: { 200: json(DetailResponseSchema, 'The email was sent, if the address belongs to a user.') },
    },
    passwordResetConfirm: {
      summary: 'Set a new password with a reset link',
      body: PasswordResetConfirmRequestSchema,
      responses: { 200: json(DetailResponseSchema, 'The password was reset.') },
    },
    passwordChange: {
      summary: 'Change your password',
      body: PasswordChangeRequestSchema,
      responses: { 200: json(DetailResponseSchema, 'The new password was saved.') },
    },
    totpSetup: {
      summary: 'Start setting up two-factor authentication',
      responses: { 200: json(TotpSetupResponseSchema, 'The secret to add to an authenticator app.') },
    },
    totpConfirm: {
      summary: 'Switch two-factor authentication on with a code',
      body: TotpConfirmRequestSchema,
      responses: { 200: json(DetailResponseSchema, 'Two-factor authentication is on.') },
    },
    totpDisable: {
      summary: 'Switch two-factor authentication off with your password',
      body: TotpDisableRequestSchema,
      responses: { 200: json(DetailResponseSchema, 'Two-factor authentication is off.') },
    },
    userSelf: {
      summary: 'The signed-in user',
      description: "With descendant_fields=true also the caller's contact-field values and the contact fields of the groups below theirs.",
      query: UserSelfQuerySchema,
      responses: { 200: json(UserSelfSchema, 'The caller.') },
    },
    companyInfo: { summary: "The product's version", responses: { 200: json(CompanyInfoSchema, 'The version.') } },
    keepalive: {
      summary: "Keep the caller's session alive",
      description: 'Moves the idle expiry of the token to its whole lifetime.',
      responses: { 200: json(TokenExpiryResponseSchema, 'The new expiry.') },
    },
    tokenExpiry: { summary: "When the caller's token expires", responses: { 200: json(TokenExpiryResponseSchema, 'The expiry.') } },
    customerGroups: {
      summary: "The customer groups in the caller's reach",
      description: "The caller's own group and its descendants, parents first.",
      responses: { 200: json(z.array(CustomerGroupSchema), 'The groups.') },
    },
    customerGroupIds: {
      summary: "The ids of the customer groups in the caller's reach",
      responses: { 200: json(StringListSchema, 'The ids.') },
    },
    customerGroupUserIds: {
      summary: "The ids of the users of the caller's customer group",
      query: CustomerGroupUserIdsQuerySchema,
      responses: { 200: json(StringListSchema, 'The ids.') },
    },
    emailOutbox: {
      summary: 'The account emails sent, and what became of them',
      description:
        'The last 100 account emails (password reset and welcome links), newest first, whether the embedded mail folder or SMTP sent them, with their links hidden.',
      responses: { 200: json(EmailOutboxSchema, 'The emails.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof SESSION_ROUTES>;
