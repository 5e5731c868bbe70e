/** The router state Schedule Message returns to the calendar with: the session it scheduled, which the calendar marks and focuses. */
export const returnedFromSchedule = (sessionId: string) => ({ scheduledSessionId: sessionId }) as const;

export function scheduledSessionOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Record<string, unknown>)['scheduledSessionId'];
  return typeof id === 'string' ? id : null;
}
