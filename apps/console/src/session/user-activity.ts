import { fromCallback } from 'xstate';
import type { SessionEvent } from './machines/session.machine';

/** What counts as the user being there: any pointer, touch, wheel or keyboard input. */
export const USER_ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * The session's activity source: reports input on `target` as 'session.activity', at most once per
 * `throttleMs`. Input inside a quiet window is reported when the window ends, so the idle timer
 * always counts from the user's last input.
 */
export function createUserActivityLogic(target: EventTarget, throttleMs: number) {
  return fromCallback<SessionEvent, void>(({ sendBack }) => {
    let lastReportAt = Number.NEGATIVE_INFINITY;
    let trailingReport: ReturnType<typeof setTimeout> | undefined;

    const report = () => {
      lastReportAt = Date.now();
      sendBack({ type: 'session.activity' });
    };
    const onInput = () => {
      const sinceLastReport = Date.now() - lastReportAt;
      if (sinceLastReport >= throttleMs) return report();
      trailingReport ??= setTimeout(() => {
        trailingReport = undefined;
        report();
      }, throttleMs - sinceLastReport);
    };

    const options = { capture: true, passive: true } as const;
    USER_ACTIVITY_EVENTS.forEach((type) => target.addEventListener(type, onInput, options));
    return () => {
      clearTimeout(trailingReport);
      USER_ACTIVITY_EVENTS.forEach((type) => target.removeEventListener(type, onInput, options));
    };
  });
}
