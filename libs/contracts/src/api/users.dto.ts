/** Shapes of the user calls (spec part 2 section 7 "Users and on call"). */

import type { LoggedUserDto } from './session.dto';

/** GET /api/user/{id}/?custom_fields=true */
export interface UserDto extends LoggedUserDto {
  /** Consecutive failed sign-ins; from LOGIN_LOCKOUT_ATTEMPTS on, each one locks the user for a while. */
  failed_attempts: number;
  /** Sign-in is refused now, until `locked_until`. */
  is_locked: boolean;
  /** End of the latest lock (ISO 8601), past or not; null when none since the count last started again. */
  locked_until: string | null;
  /** Password reset requests since the last successful reset or admin clearing. */
  password_reset_attempts: number;
  two_factor_enabled: boolean;
  /** Time of the user's last authenticated call (ISO 8601), null when never signed in. */
  last_activity: string | null;
  /** Whether the user is active (true unless an admin or data user turned it off). */
  is_active: boolean;
  /** Whether messages reach the user (true unless turned off). */
  is_message_recipient: boolean;
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
