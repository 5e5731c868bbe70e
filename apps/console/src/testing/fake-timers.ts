import { jest } from '@jest/globals';

/**
 * Fake timers usable with Testing Library and user-event: after each user-event call, Testing
 * Library waits on a zero-delay timeout, which it advances itself once it sees Jest's fake timers.
 * Undo with {@link useRealTimersAgain}.
 */
export function useFakeTimersForUi() {
  jest.useFakeTimers();
}

export function useRealTimersAgain() {
  jest.useRealTimers();
}
