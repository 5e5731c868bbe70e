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

/**
 * A failed form submission as the form shows it: the server's words for each of the form's fields
 * next to that field; `non_field_errors`, errors about anything the form has no field for (a reset
 * link's token) and the detail at the top. The server repeats a field's message as the detail, so
 * the detail is left out when a field or another top message already says it.
 */
export interface FormErrors<F extends string> {
  readonly fields: Partial<Record<F, readonly string[]>>;
  readonly messages: readonly string[];
}

export const NO_FORM_ERRORS: FormErrors<never> = { fields: {}, messages: [] };

export function formErrors<F extends string>(error: unknown, formFields: readonly F[]): FormErrors<F> {
  if (!isApiError(error) || !isRecord(error.data)) return { fields: {}, messages: [errorText(error)] };
  const { detail, non_field_errors: nonFieldErrors, ...rest } = error.data;
  const isFormField = (name: string): name is F => (formFields as readonly string[]).includes(name);
  const fields: Partial<Record<F, readonly string[]>> = {};
  const others: string[] = messagesOf(nonFieldErrors);
  for (const [name, value] of Object.entries(rest)) {
    if (isFormField(name)) fields[name] = messagesOf(value);
    else others.push(...messagesOf(value));
  }
  const said = new Set([...Object.values<readonly string[]>(fields as Record<F, readonly string[]>).flat(), ...others]);
  const extraDetail = typeof detail === 'string' && detail.trim() !== '' && !said.has(detail) ? [detail] : [];
  const messages = [...new Set([...others, ...extraDetail])];
  if (messages.length === 0 && said.size === 0) return { fields, messages: [errorText(error)] };
  return { fields, messages };
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
