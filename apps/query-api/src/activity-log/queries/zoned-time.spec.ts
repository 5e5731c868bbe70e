import { describe, expect, it } from '@jest/globals';
import { formatDisplayTime, formatIsoDay, knownTimeZone, nextDay, startOfDay } from './zoned-time';

describe('zoned time', () => {
  it('finds the first instant of a day in a timezone, across clock changes', () => {
    expect(new Date(startOfDay({ year: 2026, month: 1, day: 15 }, 'Europe/London')).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(new Date(startOfDay({ year: 2026, month: 7, day: 15 }, 'Europe/London')).toISOString()).toBe('2026-07-14T23:00:00.000Z');
    // London moves to summer time at 01:00 UTC on 29 March 2026; that day starts at 00:00 GMT.
    expect(new Date(startOfDay({ year: 2026, month: 3, day: 29 }, 'Europe/London')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(startOfDay({ year: 2026, month: 3, day: 30 }, 'Europe/London')).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(new Date(startOfDay({ year: 2026, month: 6, day: 1 }, 'Asia/Kolkata')).toISOString()).toBe('2026-05-31T18:30:00.000Z');
    expect(new Date(startOfDay({ year: 2026, month: 6, day: 1 }, 'America/New_York')).toISOString()).toBe('2026-06-01T04:00:00.000Z');
  });

  it('steps to the next day over month and year ends', () => {
    expect(nextDay({ year: 2026, month: 12, day: 31 })).toEqual({ year: 2027, month: 1, day: 1 });
    expect(nextDay({ year: 2028, month: 2, day: 28 })).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('formats instants on the wall clock of a timezone', () => {
    const instant = Date.parse('2026-07-14T23:30:05.900Z');
    expect(formatDisplayTime(instant, 'Europe/London')).toBe('15/07/2026 00:30:05');
    expect(formatDisplayTime(instant, 'UTC')).toBe('14/07/2026 23:30:05');
    expect(formatIsoDay(instant, 'Europe/London')).toBe('2026-07-15');
  });

  it('falls back to the default timezone for one the platform does not know', () => {
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('Europe/London');
    expect(knownTimeZone(undefined)).toBe('Europe/London');
  });
});
