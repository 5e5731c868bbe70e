/**
 * A request body as named values. Anything but a JSON object (an array, null, a number) has no named
 * values, so the decider answers a message for each value it needs.
 */
export const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
