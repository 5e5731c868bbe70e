import { describe, expect, it } from '@jest/globals';
import { periodTimesText, readPeriodTimes } from './on-call-times';

const LONDON = 'Europe/London';
// 25/10/2026: the clocks go back at 02:00 BST, so 01:30 happens twice (00:30Z and 01:30Z).
const SECOND_ONE_THIRTY = { start_date: '2026-10-25T01:30:00Z', end_date: '2026-10-25T09:00:00Z' };

describe('reading typed on-call times', () => {
  it('reads a repeated time as its first occurrence when typed', () => {
    expect(readPeriodTimes({ start_date: '25/10/2026 01:30:00', end_date: '25/10/2026 09:00:00' }, LONDON).times).toEqual({
      start_date: '2026-10-25T00:30:00Z',
      end_date: '2026-10-25T09:00:00Z',
    });
  });

  it('keeps the instant of a time left as it was shown, so changing the other end never moves it by an hour', () => {
    const shown = periodTimesText(SECOND_ONE_THIRTY, LONDON);
    expect(shown.start_date).toBe('25/10/2026 01:30:00');
    expect(readPeriodTimes({ ...shown, end_date: '25/10/2026 10:00:00' }, LONDON, SECOND_ONE_THIRTY).times).toEqual({
      start_date: '2026-10-25T01:30:00Z',
      end_date: '2026-10-25T10:00:00Z',
    });
  });

  it('reads a time typed anew, even with the original at hand', () => {
    expect(readPeriodTimes({ start_date: '25/10/2026 03:00:00', end_date: '25/10/2026 09:00:00' }, LONDON, SECOND_ONE_THIRTY).times).toEqual({
      start_date: '2026-10-25T03:00:00Z',
      end_date: '2026-10-25T09:00:00Z',
    });
  });

  it('refuses a time the clocks skip, and an end before the start', () => {
    expect(readPeriodTimes({ start_date: '29/03/2026 01:30:00', end_date: '29/03/2026 09:00:00' }, LONDON).errors).toHaveProperty('start_date');
    expect(readPeriodTimes({ start_date: '29/03/2026 10:00:00', end_date: '29/03/2026 09:00:00' }, LONDON).errors).toHaveProperty('end_date');
  });
});
