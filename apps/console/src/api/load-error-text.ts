import { errorText, isApiError } from './api-error';

const GENERAL_KEYS = new Set(['detail', 'non_field_errors']);

/**
 * What a failed activity log call shows: the server's message and, for filters it refused (400),
 * what is wrong with each ("The end date must not be before the start date."). A 500 shows the
 * spec's text only.
 */
export function loadErrorText(error: unknown): string {
  const general = errorText(error);
  if (!isApiError(error) || error.status !== 400 || typeof error.data !== 'object' || error.data === null) return general;
  const fieldMessages = Object.entries(error.data)
    .filter(([key]) => !GENERAL_KEYS.has(key))
    .flatMap(([, messages]) => (Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : []));
  return [general, ...fieldMessages].join(' ');
}
