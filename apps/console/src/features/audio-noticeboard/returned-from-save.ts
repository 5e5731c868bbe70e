/** The router state a saved form returns to the list with, so the list takes the keyboard (the form's Save is gone). */
export const RETURNED_FROM_SAVE = { returnedFromSave: true } as const;

export function isReturnFromSave(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)['returnedFromSave'] === true;
}
