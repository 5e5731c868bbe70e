import { describe, expect, it } from '@jest/globals';
import { lockSecondsAfter } from './sign-in-lockout';

describe('sign-in lock-out schedule', () => {
  const policy = { attempts: 5, seconds: 60, maxSeconds: 3600 };

  it('starts no lock before the limit, then doubles each lock up to the longest', () => {
    const schedule = Array.from({ length: 14 }, (_, index) => lockSecondsAfter(index + 1, policy));
    expect(schedule).toEqual([null, null, null, null, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
  });

  it('never ends in a lock for good, however long the guessing goes on', () => {
    expect(lockSecondsAfter(1_000_000, policy)).toBe(3600);
  });
});
