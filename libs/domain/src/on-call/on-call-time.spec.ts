import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import {
  DISPLAY_TIME_INVALID,
  displayTimeSkipped,
  fromDisplayTime,
  instantOfWallClock,
  isoInstant,
  isoInZone,
  nextWeekStart,
  resolveWallClock,
  startOfWeek,
  toDisplayTime,
  unknownTimeZone,
} from './on-call-time';

const LONDON = 'Europe/London';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).message;
  }
  throw new Error('expected a validation error');
}

describe('on-call display times', () => {
  it('shows an instant as DD/MM/YYYY HH:mm:ss in the zone, winter and summer', () => {
    expect(toDisplayTime('2026-11-26T18:00:00Z', LONDON)).toBe('26/11/2026 18:00:00');
    expect(toDisplayTime('2026-07-01T08:30:05Z', LONDON)).toBe('01/07/2026 09:30:05');
    expect(toDisplayTime(Date.parse('2026-07-01T08:30:05Z'), 'America/New_York')).toBe('01/07/2026 04:30:05');
    expect(toDisplayTime('2026-12-31T23:00:00Z', 'Europe/Paris')).toBe('01/01/2027 00:00:00');
  });

  it('reads a display time back as an ISO instant in UTC, to the second', () => {
    expect(fromDisplayTime('26/11/2026 18:00:00', LONDON)).toBe('2026-11-26T18:00:00Z');
    expect(fromDisplayTime('01/07/2026 09:30:05', LONDON)).toBe('2026-07-01T08:30:05Z');
    expect(fromDisplayTime(' 01/01/2027 00:00:00 ', 'Europe/Paris')).toBe('2026-12-31T23:00:00Z');
  });

  it('refuses text that is not a real date and time in the format', () => {
    for (const text of ['2026-11-26 18:00:00', '26/11/2026 18:00', '31/02/2026 10:00:00', '26/11/2026 24:00:00', '26/13/2026 10:00:00', '']) {
      expect([text, refusal(() => fromDisplayTime(text, LONDON))]).toEqual([text, DISPLAY_TIME_INVALID]);
    }
  });

  it('refuses a zone it does not know', () => {
    expect(refusal(() => toDisplayTime('2026-11-26T18:00:00Z', 'Mars/Olympus'))).toBe(unknownTimeZone('Mars/Olympus'));
  });

  describe('across the Europe/London changes of 2026', () => {
    // The clocks go forward on the last Sunday of March at 01:00 UTC and back on the last Sunday of October at 01:00 UTC.
    it('refuses a time in the hour the clocks skip on 29 March', () => {
      expect(refusal(() => fromDisplayTime('29/03/2026 01:30:00', LONDON))).toBe(displayTimeSkipped('29/03/2026 01:30:00', LONDON));
      expect(refusal(() => fromDisplayTime('29/03/2026 01:00:00', LONDON))).toBe(displayTimeSkipped('29/03/2026 01:00:00', LONDON));
    });

    it('reads the times either side of the skipped hour', () => {
      expect(fromDisplayTime('29/03/2026 00:59:59', LONDON)).toBe('2026-03-29T00:59:59Z');
      expect(fromDisplayTime('29/03/2026 02:00:00', LONDON)).toBe('2026-03-29T01:00:00Z');
      expect(toDisplayTime('2026-03-29T01:00:00Z', LONDON)).toBe('29/03/2026 02:00:00');
      expect(toDisplayTime('2026-03-29T00:59:59Z', LONDON)).toBe('29/03/2026 00:59:59');
    });

    it('reads a time in the hour the clocks repeat on 25 October as its first occurrence (summer time)', () => {
      expect(fromDisplayTime('25/10/2026 01:30:00', LONDON)).toBe('2026-10-25T00:30:00Z');
      expect(resolveWallClock({ year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 }, LONDON)).toEqual({
        kind: 'repeated',
        first: Date.parse('2026-10-25T00:30:00Z'),
        second: Date.parse('2026-10-25T01:30:00Z'),
      });
      // Both occurrences show the same wall-clock time.
      expect(toDisplayTime('2026-10-25T00:30:00Z', LONDON)).toBe('25/10/2026 01:30:00');
      expect(toDisplayTime('2026-10-25T01:30:00Z', LONDON)).toBe('25/10/2026 01:30:00');
      expect(fromDisplayTime('25/10/2026 02:00:00', LONDON)).toBe('2026-10-25T02:00:00Z');
      expect(fromDisplayTime('25/10/2026 00:59:59', LONDON)).toBe('2026-10-24T23:59:59Z');
    });

    it('writes ISO times with the offset the zone has then', () => {
      expect(isoInZone(Date.parse('2026-03-29T00:59:59Z'), LONDON)).toBe('2026-03-29T00:59:59+00:00');
      expect(isoInZone(Date.parse('2026-03-29T01:00:00Z'), LONDON)).toBe('2026-03-29T02:00:00+01:00');
      expect(isoInZone(Date.parse('2026-10-25T00:30:00Z'), LONDON)).toBe('2026-10-25T01:30:00+01:00');
      expect(isoInZone(Date.parse('2026-10-25T01:30:00Z'), LONDON)).toBe('2026-10-25T01:30:00+00:00');
      expect(isoInZone(Date.parse('2026-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-15T17:30:00+05:30');
      expect(isoInZone(Date.parse('2026-01-15T12:00:00Z'), 'America/St_Johns')).toBe('2026-01-15T08:30:00-03:30');
    });
  });

  it('writes instants in UTC to the second', () => {
    expect(isoInstant(Date.parse('2026-11-26T18:00:00.999Z'))).toBe('2026-11-26T18:00:00Z');
  });

  describe('weeks', () => {
    it('start on Monday 00:00 on the zone’s clocks', () => {
      // Thursday 26 November 2026 (GMT): the week began on Monday 23 November.
      expect(isoInZone(startOfWeek(Date.parse('2026-11-26T18:00:00Z'), LONDON), LONDON)).toBe('2026-11-23T00:00:00+00:00');
      // Sunday 23:30 in New York is Monday 04:30 UTC: still the New York week that began on the Monday before.
      expect(isoInZone(startOfWeek(Date.parse('2026-11-30T04:30:00Z'), 'America/New_York'), 'America/New_York')).toBe('2026-11-23T00:00:00-05:00');
      // A Monday at midnight starts its own week.
      expect(isoInZone(startOfWeek(Date.parse('2026-11-23T00:00:00Z'), LONDON), LONDON)).toBe('2026-11-23T00:00:00+00:00');
    });

    it('are seven calendar days long on the zone’s clocks, one hour shorter or longer over a change', () => {
      const march = startOfWeek(Date.parse('2026-03-25T12:00:00Z'), LONDON);
      const next = nextWeekStart(march, LONDON);
      expect([isoInZone(march, LONDON), isoInZone(next, LONDON)]).toEqual(['2026-03-23T00:00:00+00:00', '2026-03-30T00:00:00+01:00']);
      expect(next - march).toBe(7 * 24 * 3_600_000 - 3_600_000);
      const october = startOfWeek(Date.parse('2026-10-21T12:00:00Z'), LONDON);
      expect(nextWeekStart(october, LONDON) - october).toBe(7 * 24 * 3_600_000 + 3_600_000);
    });

    it('take a skipped midnight as the moment the day starts', () => {
      // America/Santiago's clocks went from 00:00 to 01:00 on Sunday 6 September 2026.
      const midnight = { year: 2026, month: 9, day: 6, hour: 0, minute: 0, second: 0 };
      expect(resolveWallClock(midnight, 'America/Santiago').kind).toBe('skipped');
      expect(isoInZone(instantOfWallClock(midnight, 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
      expect(refusal(() => fromDisplayTime('06/09/2026 00:30:00', 'America/Santiago'))).toBe(displayTimeSkipped('06/09/2026 00:30:00', 'America/Santiago'));
    });
  });
});
