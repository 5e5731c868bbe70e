import { NOT_FOUND } from './field-messages';

/** The one error taxonomy of the domain; the HTTP layer maps each kind to a status in one place. */
export type DomainErrorKind = 'validation' | 'not_found' | 'forbidden' | 'conflict' | 'illegal_state' | 'unauthenticated';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field messages for validation errors, keyed by field name. */
    readonly fields: Record<string, string[]> = {},
    /** Further members of the error body that are not field messages (e.g. the current record on a conflict). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, fields: Record<string, string[]> = {}) =>
  new DomainError('validation', message, fields);
export const notFound = (message = NOT_FOUND) => new DomainError('not_found', message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new DomainError('forbidden', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const illegalState = (message: string) => new DomainError('illegal_state', message);
