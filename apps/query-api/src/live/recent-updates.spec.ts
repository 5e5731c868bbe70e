import { describe, expect, it } from '@jest/globals';
import type { LiveUpdate } from '@beacon/contracts';
import { RecentUpdates } from './recent-updates';

const update = (position: number, id = 'g1'): LiveUpdate => ({ position, type: 'T', resource: 'r', id, data: {}, tenantId: 't' });

describe('recent updates', () => {
  it('lets an update through once and drops its repeats', () => {
    const recent = new RecentUpdates();
    expect(recent.firstTime(update(1))).toBe(true);
    expect(recent.firstTime(update(1))).toBe(false);
    expect(recent.firstTime(update(1, 'g2'))).toBe(true);
    expect(recent.firstTime(update(2))).toBe(true);
  });

  it('forgets the oldest beyond its capacity', () => {
    const recent = new RecentUpdates(2);
    recent.firstTime(update(1));
    recent.firstTime(update(2));
    recent.firstTime(update(3));
    expect(recent.firstTime(update(1))).toBe(true);
    expect(recent.firstTime(update(3))).toBe(false);
  });
});
