import { validationError } from '@beacon/domain';

/**
 * A request body as named values. Anything but a JSON object (an array, null, a number) has no named
 * values, so the decider answers "This field is required." for each value it needs.
 */
export const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** A PUT body may repeat the id of the URL; a different one is refused rather than ignored. */
export function checkBodyId(body: Record<string, unknown>, id: string): void {
  if (body.id !== undefined && body.id !== id)
    throw validationError('The id does not match the URL.', { id: ['Does not match the id of the URL.'] });
}
