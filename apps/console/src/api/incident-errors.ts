import { isApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from './api-error';

/**
 * The error slots of the incident calls (spec part 1 §8). Incident FIELD calls spell their 500 text
 * "occured" (as the spec shows it); incident, form, field group and template calls spell it
 * "occurred". Any other status shows what the server said.
 */
export const FIELD_SERVER_ERROR_TEXT = 'An error occured. Please contact your administrator.';
export const INCIDENT_SERVER_ERROR_TEXT = SERVER_ERROR_TEXT;

/** A failed call as a screen shows it. */
export interface IncidentCallError {
  /** The HTTP status (0 when no answer came); null when the failure was not an answer at all. */
  readonly status: number | null;
  /** The server's data as it answered (for 500, the spec's text). */
  readonly data: unknown;
  /** Messages about the whole request: `detail`, `non_field_errors`, or the spec's text. */
  readonly messages: readonly string[];
  /** Messages per request field (`label`, `name`, `for_field`, …), as the server named them. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

/** Incident field (and choice option) calls: 500 → "An error occured. …"; else the server's message as the field error. */
export function incidentFieldError(error: unknown): IncidentCallError {
  return callError(error, FIELD_SERVER_ERROR_TEXT);
}

/**
 * Incident, form, field group and template calls: 500 → "An error occurred. …"; else the server's
 * data (its detail and field messages). Exported for the incidents screens too.
 */
export function incidentCallError(error: unknown): IncidentCallError {
  return callError(error, INCIDENT_SERVER_ERROR_TEXT);
}

/**
 * Rule create, update and patch failures: the server's message, for_field, type and value messages
 * are shown as returned (they arrive under `fields`); the HTTP status is kept for the patch.
 */
export const formRuleError = incidentCallError;

/** Every message of an error in one line: the general ones first, then each field's. */
export function errorSummary(error: IncidentCallError): string {
  const fieldMessages = Object.values(error.fields).flat();
  return [...new Set([...error.messages, ...fieldMessages])].join(' ');
}

/** The messages a form cannot place next to one of its inputs, with the general ones first. */
export function unplacedMessages(error: IncidentCallError, placed: readonly string[]): string[] {
  const elsewhere = Object.entries(error.fields)
    .filter(([name]) => !placed.includes(name))
    .flatMap(([, messages]) => messages);
  return [...new Set([...error.messages, ...elsewhere])];
}

function callError(error: unknown, serverErrorText: string): IncidentCallError {
  if (!isApiError(error)) return { status: null, data: undefined, messages: [serverErrorText], fields: {} };
  const { status, data } = error;
  if (status === 500) return { status, data: serverErrorText, messages: [serverErrorText], fields: {} };
  if (status === 0) return { status, data, messages: [NETWORK_ERROR_TEXT], fields: {} };
  if (typeof data === 'string' && data.trim() !== '') return { status, data, messages: [data], fields: {} };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { status, data, messages: [`The request failed (status ${status}).`], fields: {} };
  }
  const { detail, non_field_errors: nonFieldErrors, ...rest } = data as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(rest)) {
    const messages = messagesOf(value);
    if (messages.length > 0) fields[name] = messages;
  }
  const fieldMessages = new Set(Object.values(fields).flat());
  // The server repeats a field's message as the detail; say it once, next to the field.
  const general = [...messagesOf(nonFieldErrors), ...messagesOf(detail).filter((text) => !fieldMessages.has(text))];
  const messages = general.length > 0 || fieldMessages.size > 0 ? general : [`The request failed (status ${status}).`];
  return { status, data, messages, fields };
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  return [];
}
