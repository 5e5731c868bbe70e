import { vi } from 'vitest';

/**
 * Vitest's fake timers, usable with Testing Library and user-event: after each user-event call,
 * Testing Library waits on a zero-delay timeout that it advances only when it sees Jest's fake
 * timers, so without this shim every interaction would hang. Undo with {@link useRealTimersAgain}.
 */
export function useFakeTimersForUi() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

export function useRealTimersAgain() {
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
