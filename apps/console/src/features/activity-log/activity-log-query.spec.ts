import { describe, expect, it } from '@jest/globals';
import { filtersDto, NO_FILTERS, pageRequestDto, queryFromSearchParams, searchParamsFromQuery, type ActivityLogQuery } from './activity-log-query';

const query = (overrides: Partial<ActivityLogQuery> = {}): ActivityLogQuery => ({ filters: NO_FILTERS, page: 1, pageSize: 25, ...overrides });

describe('the activity log query in the URL', () => {
  it('reads the filters and the page under the server’s names', () => {
    const params = new URLSearchParams('customer_group=north&category=sign_in&search=signed&date_from=2024-03-01&date_to=2024-03-31&page=3&page_size=50');

    expect(queryFromSearchParams(params)).toEqual({
      filters: { customerGroup: 'north', category: 'sign_in', search: 'signed', dateFrom: '2024-03-01', dateTo: '2024-03-31' },
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to the defaults for what it cannot use', () => {
    const params = new URLSearchParams('category=everything&date_from=yesterday&page=-2&page_size=1000');

    expect(queryFromSearchParams(params)).toEqual(query());
  });

  it('writes back what it reads, leaving the defaults out', () => {
    const text = 'customer_group=north&category=user&search=Ada+L&date_from=2024-03-01&date_to=2024-03-31&page=2&page_size=100';
    expect(searchParamsFromQuery(queryFromSearchParams(new URLSearchParams(text))).toString()).toBe(text);
    expect(searchParamsFromQuery(query()).toString()).toBe('');
  });

  it('asks the server for the set filters only, with the page for a list and without it for the export', () => {
    const filters = { ...NO_FILTERS, category: 'message' as const, search: '  storm  ' };

    expect(filtersDto(filters)).toEqual({ category: 'message', search: 'storm' });
    expect(pageRequestDto(query({ filters, page: 4, pageSize: 100 }))).toEqual({ category: 'message', search: 'storm', page: 4, page_size: 100 });
  });
});
