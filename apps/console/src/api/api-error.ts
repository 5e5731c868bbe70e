/** Spec section 8: what a 500 answer shows, whatever the server said. */
export const SERVER_ERROR_TEXT = 'An error occurred. Please contact your administrator.';
/** Shown when no answer came back at all (the spec does not name this case). */
export const NETWORK_ERROR_TEXT = 'The server could not be reached. Please check your connection and try again.';

/**
 * The one error shape every server call fails with (spec: "an object with an error flag and the
 * server's error body"). It is an Error so stack traces survive, and carries `error: true`.
 */
export class ApiError extends Error {
  readonly error = true;

  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The text a user should see for a failed call: the server's own words where it gave some. */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return SERVER_ERROR_TEXT;
  const { data } = error;
  if (typeof data === 'string' && data.trim() !== '') return data;
  if (isRecord(data)) {
    const nonFieldErrors = data['non_field_errors'];
    if (Array.isArray(nonFieldErrors) && nonFieldErrors.length > 0) return nonFieldErrors.join(' ');
    if (typeof data['detail'] === 'string') return data['detail'];
  }
  return SERVER_ERROR_TEXT;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
