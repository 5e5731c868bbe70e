import { describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMINGS, resolveTimings, timingsFromWindow } from './timings';

describe('timings', () => {
  it('are the spec’s by default', () => {
    expect(resolveTimings(undefined)).toEqual({
      idleTimeoutMs: 10_000,
      sessionExtensionMs: 1_700_000,
      autoLogoutCheckMs: 10_000,
      autoLogoutThresholdMs: 60_000,
      keepaliveIntervalMs: 60_000,
      activityThrottleMs: 1_000,
      snackbarAutoDismissMs: 5_000,
      closeAnimationMs: 300,
    });
  });

  it('take valid overrides and ignore the rest', () => {
    const timings = resolveTimings({
      idleTimeoutMs: 2_000,
      sessionExtensionMs: 0,
      autoLogoutCheckMs: '5',
      autoLogoutThresholdMs: Number.NaN,
      unknownMs: 1,
    });

    expect(timings).toEqual({ ...DEFAULT_TIMINGS, idleTimeoutMs: 2_000 });
  });

  it('are read from window.__BEACON_TIMINGS__ for tests', () => {
    window.__BEACON_TIMINGS__ = { sessionExtensionMs: 15_000 };
    try {
      expect(timingsFromWindow().sessionExtensionMs).toBe(15_000);
    } finally {
      delete window.__BEACON_TIMINGS__;
    }
    expect(timingsFromWindow()).toEqual(DEFAULT_TIMINGS);
  });
});
