import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { checkHolidayAndWeekend, holidayCountries, holidaysOf, weekendOf, type HolidayCheckSettings } from './holiday-check';

const LONDON = 'Europe/London';
const england: HolidayCheckSettings = {
  check_holiday: true,
  reschedule_holiday: false,
  check_weekend: false,
  reschedule_weekend: false,
  country: 'GB',
  subdivision: 'ENG',
};
const rescheduleBoth: HolidayCheckSettings = { ...england, reschedule_holiday: true, check_weekend: true, reschedule_weekend: true };

/** given(the message's checks).when(a send at an instant in a time zone) → the answer. */
const given = (settings: HolidayCheckSettings) => ({
  when: (at: string, timezone = LONDON) => checkHolidayAndWeekend(at, timezone, settings),
});

/** The field messages of the validation error a call throws. */
function fieldErrorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).fields;
  }
  throw new Error('expected a validation error');
}

describe('holiday checks (England and Wales)', () => {
  it('given the holiday check without rescheduling, when sending on Christmas Day 2026, then the send is skipped and the holiday listed', () => {
    expect(given(england).when('2026-12-25T09:00:00Z')).toEqual({
      at: '2026-12-25T09:00:00.000Z',
      timezone: LONDON,
      local_date: '2026-12-25',
      is_holiday: true,
      is_weekend: false,
      holiday_list: [{ date: '2026-12-25', name: 'Christmas Day' }],
      outcome: 'skip',
      skipped: true,
      rescheduled_at: null,
    });
  });

  it('given both checks rescheduling, when sending on Christmas Day 2026 (a Friday), then the send moves past the weekend and the Boxing Day substitute to Tuesday', () => {
    expect(given(rescheduleBoth).when('2026-12-25T09:00:00Z')).toMatchObject({ outcome: 'reschedule', skipped: false, rescheduled_at: '2026-12-29T09:00:00.000Z' });
  });

  it('given the holiday check, when sending on Easter Monday 2027, then it is a holiday', () => {
    expect(given(england).when('2027-03-29T08:00:00Z')).toMatchObject({
      local_date: '2027-03-29',
      holiday_list: [{ date: '2027-03-29', name: 'Easter Monday' }],
      outcome: 'skip',
    });
  });

  it('given holiday rescheduling, when sending on Easter Monday 2027 at 09:00 BST, then the send moves to Tuesday 09:00 BST', () => {
    expect(given({ ...england, reschedule_holiday: true }).when('2027-03-29T08:00:00Z').rescheduled_at).toBe('2027-03-30T08:00:00.000Z');
  });

  it('given the holiday check, when sending on a working day, then the send goes ahead', () => {
    expect(given(england).when('2026-12-23T09:00:00Z')).toMatchObject({ is_holiday: false, holiday_list: [], outcome: 'send', skipped: false, rescheduled_at: null });
  });

  it('given the holiday check off, when sending on Christmas Day, then the send goes ahead though the day is a holiday', () => {
    expect(given({ ...england, check_holiday: false }).when('2026-12-25T09:00:00Z')).toMatchObject({ is_holiday: true, outcome: 'send' });
  });
});

describe('holidays by subdivision', () => {
  it('given Scotland, when sending on 2 January 2026, then it is a holiday there', () => {
    expect(given({ ...england, subdivision: 'SCT' }).when('2026-01-02T09:00:00Z')).toMatchObject({
      is_holiday: true,
      holiday_list: [{ date: '2026-01-02', name: 'January 2nd' }],
    });
  });

  it('given England, when sending on 2 January 2026, then it is not', () => {
    expect(given(england).when('2026-01-02T09:00:00Z').is_holiday).toBe(false);
  });

  it('given Scotland, when sending on Easter Monday 2027, then it is not a holiday there', () => {
    expect(given({ ...england, subdivision: 'SCT' }).when('2027-03-29T08:00:00Z').is_holiday).toBe(false);
  });

  it('given the whole country (no subdivision), when sending on Christmas Day, then it is a holiday', () => {
    expect(given({ ...england, subdivision: '' }).when('2026-12-25T09:00:00Z').is_holiday).toBe(true);
  });
});

describe('substitute days', () => {
  it('given Christmas Day and Boxing Day 2027 on a weekend, when sending on Monday 27 December, then it is the Christmas Day substitute', () => {
    expect(given(england).when('2027-12-27T09:00:00Z').holiday_list).toEqual([{ date: '2027-12-27', name: 'Christmas Day (substitute day)' }]);
  });

  it('given both checks rescheduling, when sending on Saturday 25 December 2027, then the send moves past both substitute days to Wednesday', () => {
    expect(given(rescheduleBoth).when('2027-12-25T09:00:00Z')).toMatchObject({
      is_holiday: true,
      is_weekend: true,
      outcome: 'reschedule',
      rescheduled_at: '2027-12-29T09:00:00.000Z',
    });
  });
});

describe('weekend checks', () => {
  const weekends: HolidayCheckSettings = { ...england, check_holiday: false, check_weekend: true, reschedule_weekend: true };

  it('given weekend rescheduling, when sending on a Saturday, then the send moves to Monday at the same time', () => {
    expect(given(weekends).when('2026-11-28T10:00:00Z')).toMatchObject({
      local_date: '2026-11-28',
      is_weekend: true,
      outcome: 'reschedule',
      rescheduled_at: '2026-11-30T10:00:00.000Z',
    });
  });

  it('given the weekend check without rescheduling, when sending on a Sunday, then the send is skipped', () => {
    expect(given({ ...weekends, reschedule_weekend: false }).when('2026-11-29T10:00:00Z')).toMatchObject({ outcome: 'skip', skipped: true });
  });

  it('given the weekend check off, when sending on a Saturday, then the send goes ahead', () => {
    expect(given({ ...weekends, check_weekend: false }).when('2026-11-28T10:00:00Z')).toMatchObject({ is_weekend: true, outcome: 'send' });
  });

  it('given weekend rescheduling but not holiday rescheduling, when sending on Christmas Day on a Saturday, then the send is skipped', () => {
    expect(given({ ...england, check_weekend: true, reschedule_weekend: true }).when('2027-12-25T09:00:00Z').outcome).toBe('skip');
  });

  it('given no country, when sending on a Saturday, then the weekend is still Saturday and Sunday', () => {
    expect(given({ ...weekends, country: null }).when('2026-11-28T10:00:00Z').rescheduled_at).toBe('2026-11-30T10:00:00.000Z');
  });

  it("given a country whose weekend is Friday and Saturday, when sending on a Friday, then it is the weekend there", () => {
    if (weekendOf('SA').join() !== '5,6') {
      console.log('skipped: this runtime has no CLDR week data (Intl.Locale weekInfo), so every weekend is Saturday and Sunday');
      return;
    }
    expect(given({ ...weekends, country: 'SA', subdivision: null }).when('2026-11-27T07:00:00Z', 'Asia/Riyadh')).toMatchObject({
      is_weekend: true,
      rescheduled_at: '2026-11-29T07:00:00.000Z',
    });
  });
});

describe('the day in the time zone', () => {
  it('given a send late on 24 December in New York, when checked in London, then it falls on Christmas Day', () => {
    expect(given(england).when('2026-12-24T23:30:00-05:00').local_date).toBe('2026-12-25');
  });

  it('given a send late on Christmas Day UTC, when checked in Auckland, then it falls on Boxing Day', () => {
    expect(given(england).when('2026-12-25T23:30:00Z', 'Pacific/Auckland').holiday_list).toEqual([{ date: '2026-12-26', name: 'Boxing Day' }]);
  });

  it('given weekend rescheduling, when sending on the Saturday before the clocks go back, then Monday keeps 09:00 on the clock (one hour later in UTC)', () => {
    const weekends: HolidayCheckSettings = { ...england, check_holiday: false, check_weekend: true, reschedule_weekend: true };
    expect(given(weekends).when('2026-10-24T08:00:00Z').rescheduled_at).toBe('2026-10-26T09:00:00.000Z');
  });

  it('given both checks rescheduling, when sending on the Saturday before the clocks go forward and Easter Monday, then Tuesday keeps 09:00 on the clock (one hour earlier in UTC)', () => {
    expect(given(rescheduleBoth).when('2027-03-27T09:00:00Z').rescheduled_at).toBe('2027-03-30T08:00:00.000Z');
  });

  it('keeps the milliseconds of the send time', () => {
    expect(given(rescheduleBoth).when('2026-11-28T10:00:00.250Z').rescheduled_at).toBe('2026-11-30T10:00:00.250Z');
  });
});

describe('refusing what is not a check', () => {
  it.each([
    ['an unknown country', { ...england, country: 'XX' }, 'country'],
    ['a 10 kB country', { ...england, country: 'G'.repeat(10_240) }, 'country'],
    ['an unknown subdivision', { ...england, subdivision: 'ZZZ' }, 'subdivision'],
    ['a holiday check without a country', { ...england, country: '' }, 'country'],
    ['a prototype key as the country', { ...england, country: '__proto__' }, 'country'],
    ['a prototype key as the subdivision', { ...england, subdivision: 'constructor' }, 'subdivision'],
  ])('given %s, then the answer names %s', (_name, settings, field) => {
    expect(Object.keys(fieldErrorsOf(() => given(settings).when('2026-12-25T09:00:00Z')))).toEqual([field]);
  });

  it('keeps a 10 kB code out of the message', () => {
    const fields = fieldErrorsOf(() => given({ ...england, country: 'G'.repeat(10_240) }).when('2026-12-25T09:00:00Z'));
    expect(fields['country']![0]!.length).toBeLessThan(100);
  });

  it.each([['not a time'], ['2026-12-25'], ['2026-12-25T09:00:00'], ['2026-02-31T09:00:00Z'], ['2026-12-25T25:00:00Z'], ['']])(
    'given the send time %j, then the answer names at',
    (at) => {
      expect(Object.keys(fieldErrorsOf(() => given(england).when(at)))).toEqual(['at']);
    },
  );

  it.each([['Mars/Olympus'], ['+01:00'], ['']])('given the time zone %j, then the answer names timezone', (zone) => {
    expect(Object.keys(fieldErrorsOf(() => given(england).when('2026-12-25T09:00:00Z', zone)))).toEqual(['timezone']);
  });

  it('accepts codes in any case', () => {
    expect(given({ ...england, country: 'gb', subdivision: 'sct' }).when('2026-01-02T09:00:00Z').is_holiday).toBe(true);
  });
});

describe('the holidays of a year', () => {
  it('lists the public holidays of England in 2026, substitute day included, by date', () => {
    expect(holidaysOf('GB', 'ENG', 2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
      { date: '2026-05-04', name: 'Early May bank holiday' },
      { date: '2026-05-25', name: 'Spring bank holiday' },
      { date: '2026-08-31', name: 'Summer bank holiday' },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
    ]);
  });

  it('leaves out days that are not public holidays (Christmas Eve is a bank half-day in Germany)', () => {
    expect(holidaysOf('DE', null, 2026).map(({ date }) => date)).not.toContain('2026-12-24');
  });

  it.each([[99999], [1899], [2101], [2026.5]])('refuses the year %p naming year', (year) => {
    expect(Object.keys(fieldErrorsOf(() => holidaysOf('GB', 'ENG', year)))).toEqual(['year']);
  });

  it('refuses an unknown country naming country', () => {
    expect(Object.keys(fieldErrorsOf(() => holidaysOf('XX', null, 2026)))).toEqual(['country']);
  });
});

describe('the countries with a holiday calendar', () => {
  it('lists the United Kingdom with its subdivisions', () => {
    const gb = holidayCountries().find(({ code }) => code === 'GB');
    expect(gb?.name).toBe('United Kingdom');
    expect(gb?.subdivisions.map(({ code }) => code)).toEqual(expect.arrayContaining(['ENG', 'NIR', 'SCT', 'WLS']));
  });

  it('lists them by name', () => {
    const names = holidayCountries().map(({ name }) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.length).toBeGreaterThan(150);
  });
});

describe("the message's own holidays (holiday_list)", () => {
  const closures: HolidayCheckSettings = { ...england, holiday_list: [{ date: '2026-12-29', name: 'Site closed for stocktake' }] };

  it('given a day of the list and the holiday check, when sending that day, then it is a holiday by the name the list gives', () => {
    expect(given(closures).when('2026-12-29T09:00:00Z')).toMatchObject({ is_holiday: true, holiday_list: [{ date: '2026-12-29', name: 'Site closed for stocktake' }], outcome: 'skip' });
  });

  it('given rescheduling, when the next day is on the list too, then the send moves past both', () => {
    const settings = { ...closures, reschedule_holiday: true, holiday_list: [...(closures.holiday_list ?? []), { date: '2026-12-30', name: 'Site closed' }] };
    expect(given(settings).when('2026-12-29T09:00:00Z')).toMatchObject({ outcome: 'reschedule', rescheduled_at: '2026-12-31T09:00:00.000Z' });
  });

  it('given the list without a country, then only its days are holidays', () => {
    const own: HolidayCheckSettings = { ...closures, country: '' };
    expect(given(own).when('2026-12-25T09:00:00Z')).toMatchObject({ is_holiday: false, outcome: 'send' });
    expect(given(own).when('2026-12-29T09:00:00Z')).toMatchObject({ is_holiday: true, outcome: 'skip' });
  });

  it('given the holiday check off, then a day of the list does not stop the send', () => {
    expect(given({ ...closures, check_holiday: false }).when('2026-12-29T09:00:00Z')).toMatchObject({ is_holiday: true, outcome: 'send' });
  });
});
