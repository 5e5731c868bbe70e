/**
 * Shapes of the session and shell calls the console uses beyond those libs/contracts describes
 * (spec part 1 section 7); only the fields the console reads.
 */

/**
 * GET /api/get_token_expiry_time/. The spec does not show the unit: a number is the token's
 * lifetime in seconds, a string an absolute expiry (ISO 8601).
 */
export interface TokenExpiryDto {
  token_expiry: number | string | null;
}

/** GET /api/user/{id}/?custom_fields=true */
export interface UserWithCustomFieldsDto {
  id: string;
  /** ISO 8601; null when the user has not been active yet. */
  last_activity: string | null;
}

/** Paths not yet in the route table of libs/contracts. */
export const SHELL_PATHS = {
  keepalive: '/api/users/keepalive/',
  tokenExpiry: '/api/get_token_expiry_time/',
  userById: '/api/user/:id/',
} as const;
