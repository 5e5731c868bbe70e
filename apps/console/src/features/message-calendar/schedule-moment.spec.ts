import { REQUIRED } from '@beacon/domain';
import { describe, expect, it } from '@jest/globals';
import type { HolidayCheckDto } from '@beacon/contracts';
import { holidayWarning } from './holiday-warning';
import { DATE_INVALID, scheduleMoment, TIME_INVALID } from './schedule-moment';
import { DEMO_MESSAGES } from './testing/fake-calendar-server';

describe('the moment Schedule Message sends at', () => {
  it('is the date and time on the user’s clocks, as an ISO instant with that zone’s offset then', () => {
    expect(scheduleMoment('2026-03-10', '10:00', 'Europe/Oslo')).toEqual({ iso: '2026-03-10T10:00:00+01:00' });
    expect(scheduleMoment('2026-07-10', '10:00:30', 'Europe/Oslo')).toEqual({ iso: '2026-07-10T10:00:30+02:00' });
    expect(scheduleMoment('2026-07-10', '10:00', 'America/New_York')).toEqual({ iso: '2026-07-10T10:00:00-04:00' });
  });

  it('refuses a time the clocks skip, and takes the first of a time they repeat', () => {
    expect(scheduleMoment('2026-03-29', '02:30', 'Europe/Oslo')).toEqual({
      errors: { time: ['29/03/2026 02:30 does not exist in Europe/Oslo: the clocks go forward over it. Choose a time before or after the change.'] },
    });
    expect(scheduleMoment('2026-10-25', '02:30', 'Europe/Oslo')).toEqual({ iso: '2026-10-25T02:30:00+02:00' });
  });

  it('says what is missing or malformed at each field', () => {
    expect(scheduleMoment('', '', 'Europe/Oslo')).toEqual({ errors: { date: [REQUIRED], time: [REQUIRED] } });
    expect(scheduleMoment('2026-02-30', '24:00', 'Europe/Oslo')).toEqual({ errors: { date: [DATE_INVALID], time: [TIME_INVALID] } });
  });
});

describe('the holiday warning', () => {
  const settings = DEMO_MESSAGES[2]!.holiday;
  const check = (changes: Partial<HolidayCheckDto>): HolidayCheckDto => ({
    at: '2026-04-06T09:00:00Z',
    timezone: 'Europe/London',
    local_date: '2026-04-06',
    is_holiday: false,
    is_weekend: false,
    holiday_list: [],
    outcome: 'send',
    skipped: false,
    rescheduled_at: null,
    ...changes,
  });

  it('names the day, the holiday and what the message checks', () => {
    expect(holidayWarning('IT outage', settings, check({ is_holiday: true, holiday_list: [{ date: '2026-04-06', name: 'Easter Monday' }] }))).toBe(
      'Monday 06/04/2026 is a public holiday (Easter Monday), and “IT outage” checks public holidays.',
    );
    expect(holidayWarning('IT outage', settings, check({ local_date: '2026-04-04', is_weekend: true }))).toBe('Saturday 04/04/2026 is a weekend day, and “IT outage” checks weekends.');
  });

  it('says nothing of a day the message does not check', () => {
    expect(holidayWarning('IT outage', { ...settings, check_weekend: false }, check({ local_date: '2026-04-04', is_weekend: true }))).toBeNull();
    expect(holidayWarning('IT outage', settings, check({}))).toBeNull();
  });
});
