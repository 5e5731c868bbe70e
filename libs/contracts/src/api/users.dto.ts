/** Shapes of the user calls (spec part 2 section 7 "Users and on call"). */

import type { LoggedUserDto } from './session.dto';

/** GET /api/user/{id}/?custom_fields=true */
export interface UserDto extends LoggedUserDto {
  /** Consecutive failed sign-ins; at LOGIN_LOCKOUT_ATTEMPTS the user is locked (is_locked). */
  failed_attempts: number;
  is_locked: boolean;
  /** Password reset requests since the last successful reset or admin clearing. */
  password_reset_attempts: number;
  two_factor_enabled: boolean;
  /** Time of the user's last authenticated call (ISO 8601), null when never signed in. */
  last_activity: string | null;
  /** Present with ?custom_fields=true; dataset fields are not built yet, so it is empty. */
  custom_fields?: unknown[];
}

/** POST /api/user/{id}/impersonate/ (admin): a one-time link to sign in as the user. */
export interface ImpersonationTokenDto {
  /** Single-use; exchange it at POST /api/rest-auth/impersonate_login/. */
  token: string;
  /** The console route that exchanges it. */
  login_url: string;
  expires_at: string;
}
