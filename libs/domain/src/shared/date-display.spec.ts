import { describe, expect, it } from '@jest/globals';
import { displayDate, displayDateTime, displayInstant, displayTime } from './date-display';

describe('date display (spec part 1 §5)', () => {
  it.each([
    ['2024-03-01', '01/03/2024'],
    ['2024-12-31T00:00:00Z', '31/12/2024'],
    ['not a date', 'not a date'],
  ])('date %j → %j', (value, expected) => expect(displayDate(value)).toBe(expected));

  it.each([
    ['08:05:09.123456', '08:05:09'],
    ['8:05', '08:05'],
    ['23:59:59', '23:59:59'],
    ['1970-01-01T10:30:00.5Z', '10:30:00'],
  ])('time %j → %j (no fractions)', (value, expected) => expect(displayTime(value)).toBe(expected));

  it.each([
    ['2024-07-02T13:45:30.000Z', 'Europe/London', '02/07/2024 14:45'],
    ['2024-01-02T13:45:30Z', 'Europe/London', '02/01/2024 13:45'],
    ['2024-01-02T13:45:30+01:00', 'America/New_York', '02/01/2024 07:45'],
    ['2024-07-02T13:45', 'America/New_York', '02/07/2024 13:45'],
    ['2024-07-02T13:45:30.000Z', 'Not/AZone', '02/07/2024 14:45'],
  ])('datetime %j in %s → %j', (value, zone, expected) => expect(displayDateTime(value, zone)).toBe(expected));

  describe('an instant with seconds', () => {
    const withSeconds = (iso: string, zone: string) => displayInstant(new Date(iso), zone, { seconds: true });

    it('shows the instant as DD/MM/YYYY HH:mm:ss in the given timezone', () => {
      expect(withSeconds('2024-03-05T13:04:05.678Z', 'Europe/Oslo')).toBe('05/03/2024 14:04:05');
      expect(withSeconds('2024-07-05T13:04:05Z', 'America/New_York')).toBe('05/07/2024 09:04:05');
    });

    it('shows midnight as 00, not 24', () => {
      expect(withSeconds('2024-01-01T00:00:00Z', 'UTC')).toBe('01/01/2024 00:00:00');
    });

    it('falls back to the default timezone (Europe/London) for one the runtime does not know', () => {
      expect(withSeconds('2024-07-05T13:04:05Z', 'Not/AZone')).toBe('05/07/2024 14:04:05');
    });
  });
});
