import { expect } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';

/** The field messages of the validation error `run` throws (it fails the test when nothing or something else is thrown). */
export function fieldErrorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).fields;
  }
  throw new Error('expected a validation error');
}
