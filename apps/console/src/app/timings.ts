/**
 * Every timing of the console's session and feedback, in one place (spec part 1 section 9).
 *
 * Tests and the end-to-end journeys shorten them without a rebuild: before the app starts, set
 * `window.__BEACON_TIMINGS__` to an object with any of these keys (milliseconds), e.g. in
 * Playwright `page.addInitScript(() => { window.__BEACON_TIMINGS__ = { idleTimeoutMs: 2000 } })`.
 * Unknown keys and values that are not positive numbers are ignored, so a typo cannot switch a
 * timer off.
 */
export interface Timings {
  /** Spec: idle timer; this long without pointer or keyboard input makes the session inactive. */
  readonly idleTimeoutMs: number;
  /** Spec: every successful API response sets the idle expiry this far ahead (1700 s). */
  readonly sessionExtensionMs: number;
  /** Spec: auto-logout check interval. */
  readonly autoLogoutCheckMs: number;
  /** Spec: the auto-logout check acts within this long of the idle expiry (1 minute). */
  readonly autoLogoutThresholdMs: number;
  /**
   * Not in the spec: the shortest time between two keepalive calls. Once a minute is enough to keep
   * a 1700 s server session alive while sparing the server a call per keystroke.
   */
  readonly keepaliveIntervalMs: number;
  /** Not in the spec: pointer moves come by the hundred, so activity is reported at most this often. */
  readonly activityThrottleMs: number;
  /** Spec: a default snackbar dismisses itself after this long. */
  readonly snackbarAutoDismissMs: number;
  /** Spec: dialog and snackbar close animation. */
  readonly closeAnimationMs: number;
}

export const DEFAULT_TIMINGS: Timings = {
  idleTimeoutMs: 10_000,
  sessionExtensionMs: 1_700 * 1_000,
  autoLogoutCheckMs: 10_000,
  autoLogoutThresholdMs: 60_000,
  keepaliveIntervalMs: 60_000,
  activityThrottleMs: 1_000,
  snackbarAutoDismissMs: 5_000,
  closeAnimationMs: 300,
};

declare global {
  interface Window {
    /** Optional overrides of {@link DEFAULT_TIMINGS}, for tests; see the top of timings.ts. */
    __BEACON_TIMINGS__?: Partial<Timings>;
  }
}

/** The default timings with whichever valid overrides were given. */
export function resolveTimings(overrides: unknown): Timings {
  if (typeof overrides !== 'object' || overrides === null) return DEFAULT_TIMINGS;
  const given = overrides as Record<string, unknown>;
  const resolved: { -readonly [K in keyof Timings]: number } = { ...DEFAULT_TIMINGS };
  for (const key of Object.keys(DEFAULT_TIMINGS) as (keyof Timings)[]) {
    const value = given[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) resolved[key] = value;
  }
  return resolved;
}

export function timingsFromWindow(target: Window = window): Timings {
  return resolveTimings(target.__BEACON_TIMINGS__);
}
