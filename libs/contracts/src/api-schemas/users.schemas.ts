/** Users (users.routes.ts). */
import { z } from 'zod';
import type { USERS_ROUTES } from '../routes/users.routes';
import { described, json, named, noContent, queryFlag, type ApiFeature } from './api-schema';
import { LoggedUserSchema } from './session.schemas';

export const UserQuerySchema = z.object({
  custom_fields: queryFlag('true: the answer has custom_fields (empty until datasets are built).'),
});

export const UserSchema = named(
  'User',
  LoggedUserSchema.extend({
    failed_attempts: described(z.number().int(), 'Consecutive failed sign-ins.'),
    is_locked: described(z.boolean(), 'Sign-in is refused now, until locked_until.'),
    locked_until: z.string().nullable(),
    password_reset_attempts: z.number().int(),
    two_factor_enabled: z.boolean(),
    last_activity: described(z.string().nullable(), "Time of the user's last authenticated call (ISO 8601), null when never signed in."),
    custom_fields: z.array(z.unknown()).optional(),
  }),
);

export const ImpersonationTokenSchema = named(
  'ImpersonationToken',
  z.object({
    token: described(z.string(), 'Single use: exchange it at POST /api/rest-auth/impersonate_login/.'),
    login_url: described(z.string(), 'The console route that exchanges it.'),
    expires_at: z.string(),
  }),
);

export const USERS_API = {
  tag: 'Users',
  description: "Users of the caller's customer group and its descendants.",
  routes: {
    user: {
      summary: 'A user',
      description: "Anyone may read themselves; admins, operators, senders and data users read the users in their reach. Others' ids answer 404.",
      query: UserQuerySchema,
      responses: { 200: json(UserSchema, 'The user.') },
    },
    deleteFailedLoginAttempts: {
      summary: "Clear a user's failed sign-ins (unlock)",
      responses: noContent('Cleared.'),
    },
    deletePasswordResetAttempts: {
      summary: "Clear a user's password reset requests",
      responses: noContent('Cleared.'),
    },
    impersonate: {
      summary: 'A one-time link to sign in as a user',
      responses: { 200: json(ImpersonationTokenSchema, 'The link.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof USERS_ROUTES>;
