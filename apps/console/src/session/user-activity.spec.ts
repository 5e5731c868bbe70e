import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor, createMachine } from 'xstate';
import { createUserActivityLogic, USER_ACTIVITY_EVENTS } from './user-activity';

/** Runs the activity source under a parent that counts what it reports. */
function startActivitySource(target: EventTarget, throttleMs = 1_000) {
  const reports: number[] = [];
  const parent = createMachine({
    invoke: { src: createUserActivityLogic(target, throttleMs) },
    on: { 'session.activity': { actions: () => reports.push(Date.now()) } },
  });
  const actor = createActor(parent).start();
  return { reports, stop: () => actor.stop() };
}

describe('user activity source', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it.each(USER_ACTIVITY_EVENTS)('reports %s as activity', (type) => {
    const target = new EventTarget();
    const { reports } = startActivitySource(target);

    target.dispatchEvent(new Event(type));

    expect(reports).toEqual([0]);
  });

  it('reports a burst of input once at once and once at the end of the quiet window', async () => {
    const target = new EventTarget();
    const { reports } = startActivitySource(target, 1_000);

    for (let ms = 0; ms < 900; ms += 100) {
      target.dispatchEvent(new Event('pointermove'));
      await jest.advanceTimersByTimeAsync(100);
    }
    await jest.advanceTimersByTimeAsync(1_000);

    expect(reports).toEqual([0, 1_000]);
  });

  it('stops listening when stopped', async () => {
    const target = new EventTarget();
    const { reports, stop } = startActivitySource(target);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('keydown'));

    stop();
    target.dispatchEvent(new Event('keydown'));
    await jest.advanceTimersByTimeAsync(5_000);

    expect(reports).toEqual([0]);
  });
});
