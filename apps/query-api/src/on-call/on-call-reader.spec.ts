import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@beacon/domain';
import { groupTimeZone, rangeOf, timeZoneOf } from './on-call-reader';

describe('on-call time zones', () => {
  it("reads a user's times in their preferred time zone, else their group's, else Europe/London", () => {
    const group = { settings: { preferred_timezone: 'America/New_York' } };
    expect(timeZoneOf({ preferred_timezone: 'Asia/Tokyo' }, group)).toBe('Asia/Tokyo');
    expect(timeZoneOf({ preferred_timezone: '' }, group)).toBe('America/New_York');
    expect(timeZoneOf({ preferred_timezone: 'Mars/Olympus' }, group)).toBe('America/New_York');
    expect(timeZoneOf(null, { settings: {} })).toBe('Europe/London');
    expect(groupTimeZone({ settings: { preferred_timezone: 42 } })).toBe('Europe/London');
    expect(groupTimeZone({ settings: JSON.parse('{"__proto__": {"preferred_timezone": "Asia/Tokyo"}}') as Record<string, unknown> })).toBe('Europe/London');
  });
});

describe('the range of an on-call read', () => {
  const now = Date.parse('2026-11-26T15:06:38.250Z');

  it('runs from now, to the second, for the default length', () => {
    expect(rangeOf(undefined, undefined, now)).toEqual({ start: Date.parse('2026-11-26T15:06:38Z'), end: Date.parse('2026-12-03T15:06:38Z') });
    expect(rangeOf('2027-01-01T00:00:00Z', undefined, now, 3_600_000)).toEqual({ start: Date.parse('2027-01-01T00:00:00Z'), end: Date.parse('2027-01-01T01:00:00Z') });
  });

  it('refuses an end before its start, naming end_date', () => {
    try {
      rangeOf(undefined, '2026-11-26T00:00:00Z', now);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).fields).toEqual({ end_date: ['The end must be after the start.'] });
    }
  });
});
