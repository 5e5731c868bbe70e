import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@beacon/domain';
import { parseActivityLogFilters, resolveDateRange } from './activity-log-filters';

function fieldErrors(input: unknown): Record<string, string[]> {
  try {
    parseActivityLogFilters(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).fields;
  }
  throw new Error('expected a validation error');
}

describe('activity log filters', () => {
  it('defaults to the first page of 25 with no filters', () => {
    expect(parseActivityLogFilters({})).toEqual({
      customerGroupId: null,
      userId: null,
      eventTypes: [],
      categories: [],
      from: null,
      to: null,
      search: null,
      page: 1,
      pageSize: 25,
    });
    expect(parseActivityLogFilters(undefined).page).toBe(1);
    expect(parseActivityLogFilters([1, 2]).pageSize).toBe(25);
  });

  it('reads every filter from strings, treating blanks as absent', () => {
    const filters = parseActivityLogFilters({
      customer_group: ' g-1 ',
      user: 'u-1',
      event_type: ['UserSignedIn,UserSignInFailed', 'UserSignedIn'],
      category: 'sign_in,user',
      date_from: '2026-03-01',
      date_to: '2026-03-02T10:00:00Z',
      search: '  case ',
      page: '3',
      page_size: '100',
    });
    expect(filters).toEqual({
      customerGroupId: 'g-1',
      userId: 'u-1',
      eventTypes: ['UserSignedIn', 'UserSignInFailed'],
      categories: ['sign_in', 'user'],
      from: { day: { year: 2026, month: 3, day: 1 } },
      to: { instant: Date.parse('2026-03-02T10:00:00Z') },
      search: 'case',
      page: 3,
      pageSize: 100,
    });
    expect(parseActivityLogFilters({ customer_group: '', search: '   ', page: '', date_from: null }).customerGroupId).toBeNull();
  });

  it('accepts numbers for paging in a JSON body', () => {
    expect(parseActivityLogFilters({ page: 2, page_size: 10 })).toMatchObject({ page: 2, pageSize: 10 });
  });

  it('answers a message per bad field', () => {
    expect(fieldErrors({ page: 'two', page_size: '0' })).toEqual({
      page: ['A valid integer is required.'],
      page_size: ['Ensure this value is greater than or equal to 1.'],
    });
    expect(fieldErrors({ page_size: '101' }).page_size).toEqual(['Ensure this value is less than or equal to 100.']);
    expect(fieldErrors({ page: '1.5' }).page).toEqual(['A valid integer is required.']);
    expect(fieldErrors({ page: ['1', '2'] }).page).toEqual(['Only one value is allowed.']);
    expect(fieldErrors({ page: '99999999999999999999' }).page).toEqual(['A valid integer is required.']);
    expect(Object.keys(fieldErrors({ date_from: '2026-02-30', date_to: 'tomorrow' }))).toEqual(['date_from', 'date_to']);
    expect(fieldErrors({ date_from: '2026-03-01T10:00' }).date_from).toHaveLength(1);
    expect(fieldErrors({ category: 'sign_in,nope' }).category).toEqual(['"nope" is not a valid choice.']);
    expect(fieldErrors({ event_type: 'User Signed In' }).event_type).toEqual(['"User Signed In" is not a valid event type.']);
    expect(fieldErrors({ search: 'x'.repeat(201) }).search).toEqual(['Ensure this field has no more than 200 characters.']);
    expect(fieldErrors({ customer_group: 12, user: { $ne: null } })).toEqual({
      customer_group: ['Enter a valid id.'],
      user: ['Enter a valid id.'],
    });
  });
});

describe('date range', () => {
  it('covers whole days in the caller\'s timezone, the last day included', () => {
    const day = (d: number) => ({ day: { year: 2026, month: 7, day: d } });
    expect(resolveDateRange(day(1), day(3), 'Europe/London')).toEqual({
      from: '2026-06-30T23:00:00.000Z',
      until: '2026-07-03T23:00:00.000Z',
    });
    expect(resolveDateRange(day(2), day(2), 'UTC')).toEqual({ from: '2026-07-02T00:00:00.000Z', until: '2026-07-03T00:00:00.000Z' });
    expect(resolveDateRange(null, null, 'UTC')).toEqual({ from: null, until: null });
  });

  it('takes an instant as it is, the end inclusive', () => {
    const instant = Date.parse('2026-07-02T10:00:00.000Z');
    expect(resolveDateRange({ instant }, { instant }, 'UTC')).toEqual({ from: '2026-07-02T10:00:00.000Z', until: '2026-07-02T10:00:00.001Z' });
  });

  it('refuses an end before the start', () => {
    expect(() => resolveDateRange({ day: { year: 2026, month: 7, day: 3 } }, { day: { year: 2026, month: 7, day: 2 } }, 'UTC')).toThrow(
      DomainError,
    );
  });
});
