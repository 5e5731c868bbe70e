import { describe, expect, it } from '@jest/globals';
import { onCallCountAt, staffingShortfalls, staffingWarning, type StaffedPeriod } from './on-call-staffing';

const at = (iso: string) => Date.parse(iso);
const period = (periodId: string, start: string, end: string): StaffedPeriod => ({ periodId, start: at(start), end: at(end) });
const driver = { optionId: 'f.1', label: 'Driver', minimum: 2 };
const range = { start: at('2026-11-26T18:00:00Z'), end: at('2026-11-27T08:00:00Z') };

describe('minimum staffing', () => {
  it('finds nothing short when enough users cover the whole range', () => {
    const periods = [period('a.1', '2026-11-26T12:00:00Z', '2026-11-27T12:00:00Z'), period('b.1', '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z')];
    expect(staffingShortfalls(driver, periods, range)).toEqual([]);
  });

  it('tells each stretch with fewer on call than needed, with how many are', () => {
    const periods = [period('a.1', '2026-11-26T12:00:00Z', '2026-11-27T12:00:00Z'), period('b.1', '2026-11-27T00:00:00Z', '2026-11-27T04:00:00Z')];
    const shortfalls = staffingShortfalls(driver, periods, range);
    expect(shortfalls).toEqual([
      { optionId: 'f.1', label: 'Driver', onCall: 1, needed: 2, start: at('2026-11-26T18:00:00Z'), end: at('2026-11-27T00:00:00Z') },
      { optionId: 'f.1', label: 'Driver', onCall: 1, needed: 2, start: at('2026-11-27T04:00:00Z'), end: at('2026-11-27T08:00:00Z') },
    ]);
    expect(shortfalls.map((shortfall) => staffingWarning(shortfall, 'Europe/London'))).toEqual([
      'Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 00:00:00',
      'Driver: 1 on call, 2 needed from 27/11/2026 04:00:00 to 27/11/2026 08:00:00',
    ]);
  });

  it('tells the example of the issue: one driver all night where two are needed', () => {
    const [shortfall] = staffingShortfalls(driver, [period('a.1', '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z')], range);
    expect(staffingWarning(shortfall!, 'Europe/London')).toBe('Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00');
  });

  it('joins a user’s back-to-back periods, and splits where the count changes', () => {
    const periods = [
      period('a.1', '2026-11-26T18:00:00Z', '2026-11-26T22:00:00Z'),
      period('a.2', '2026-11-26T22:00:00Z', '2026-11-27T08:00:00Z'),
      period('b.1', '2026-11-27T06:00:00Z', '2026-11-27T07:00:00Z'),
    ];
    expect(staffingShortfalls({ ...driver, minimum: 3 }, periods, range).map(({ onCall, start, end }) => [onCall, new Date(start).toISOString(), new Date(end).toISOString()])).toEqual([
      [1, '2026-11-26T18:00:00.000Z', '2026-11-27T06:00:00.000Z'],
      [2, '2026-11-27T06:00:00.000Z', '2026-11-27T07:00:00.000Z'],
      [1, '2026-11-27T07:00:00.000Z', '2026-11-27T08:00:00.000Z'],
    ]);
  });

  it('counts nobody when nobody holding the option is on call, and a period listed twice once', () => {
    expect(staffingShortfalls(driver, [], range)).toEqual([{ optionId: 'f.1', label: 'Driver', onCall: 0, needed: 2, ...range }]);
    const twice = [period('a.1', '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z'), period('a.1', '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z')];
    expect(staffingShortfalls(driver, twice, range)).toEqual([expect.objectContaining({ onCall: 1 })]);
  });

  it('never warns about a minimum of 0', () => {
    expect(staffingShortfalls({ ...driver, minimum: 0 }, [], range)).toEqual([]);
  });

  it('counts the periods covering an instant, start inclusive and end exclusive', () => {
    const periods = [period('a.1', '2026-11-26T18:00:00Z', '2026-11-27T08:00:00Z'), period('b.1', '2026-11-27T08:00:00Z', '2026-11-27T10:00:00Z')];
    expect([at('2026-11-26T17:59:59Z'), at('2026-11-26T18:00:00Z'), at('2026-11-27T08:00:00Z')].map((instant) => onCallCountAt(periods, instant))).toEqual([0, 1, 1]);
  });
});
