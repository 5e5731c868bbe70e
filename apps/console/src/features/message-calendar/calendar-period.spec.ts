import { describe, expect, it } from '@jest/globals';
import {
  dayOf,
  isCalendarDay,
  periodDays,
  periodName,
  periodWeeks,
  queryFromSearchParams,
  searchParamsFromQuery,
  shiftPeriod,
  type CalendarPeriod,
} from './calendar-period';

const month = (anchor: string): CalendarPeriod => ({ view: 'month', anchor });

describe('the calendar period', () => {
  it('shows a month as its weeks, Monday to Sunday, the days either side filling the first and last', () => {
    const weeks = periodWeeks(month('2026-03-18'));

    expect(weeks.map((week) => [week[0], week[6]])).toEqual([
      ['2026-02-23', '2026-03-01'],
      ['2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-15'],
      ['2026-03-16', '2026-03-22'],
      ['2026-03-23', '2026-03-29'],
      ['2026-03-30', '2026-04-05'],
    ]);
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(periodWeeks(month('2027-02-10'))).toHaveLength(4);
    expect(periodDays(month('2027-02-10'))[0]).toBe('2027-02-01');
  });

  it('shows a week from its Monday, across a year’s end, and a day alone', () => {
    expect(periodDays({ view: 'week', anchor: '2026-12-31' })).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(periodDays({ view: 'day', anchor: '2026-03-05' })).toEqual(['2026-03-05']);
  });

  it('moves by a day, a week or a month, keeping the day of the month where the next month has it', () => {
    expect(shiftPeriod({ view: 'day', anchor: '2026-03-01' }, -1).anchor).toBe('2026-02-28');
    expect(shiftPeriod({ view: 'week', anchor: '2026-03-29' }, 1).anchor).toBe('2026-04-05');
    expect(shiftPeriod(month('2026-01-31'), 1).anchor).toBe('2026-02-28');
    expect(shiftPeriod(month('2026-01-15'), -1).anchor).toBe('2025-12-15');
  });

  it('names the period as a person reads it', () => {
    expect(periodName(month('2026-03-05'))).toBe('March 2026');
    expect(periodName({ view: 'week', anchor: '2026-03-05' })).toBe('2 March to 8 March 2026');
    expect(periodName({ view: 'week', anchor: '2026-12-30' })).toBe('28 December 2026 to 3 January 2027');
    expect(periodName({ view: 'day', anchor: '2026-03-05' })).toBe('Thursday 5 March 2026');
  });

  it('reads the day an instant falls on in the user’s time zone', () => {
    const lateEvening = Date.parse('2026-03-05T23:30:00Z');

    expect(dayOf(lateEvening, 'Europe/Oslo')).toBe('2026-03-06');
    expect(dayOf(lateEvening, 'America/New_York')).toBe('2026-03-05');
  });

  it('keeps the view and day in the URL, leaving out the month view and today', () => {
    expect(searchParamsFromQuery({ view: 'month', date: null }).toString()).toBe('');
    expect(searchParamsFromQuery({ view: 'week', date: '2026-03-05' }).toString()).toBe('view=week&date=2026-03-05');
    expect(queryFromSearchParams(new URLSearchParams('view=week&date=2026-03-05'))).toEqual({ view: 'week', date: '2026-03-05' });
  });

  it.each([['view=year&date=2026-02-30'], ['date=5/3/2026'], ['view=__proto__&date=']])('takes the defaults for what a hand-edited link %p gets wrong', (search) => {
    expect(queryFromSearchParams(new URLSearchParams(search))).toEqual({ view: 'month', date: null });
  });

  it('knows a day that exists', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-3-5')).toBe(false);
  });
});
