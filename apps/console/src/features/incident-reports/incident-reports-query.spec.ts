import { describe, expect, it } from '@jest/globals';
import {
  FIRST_QUERY,
  NO_FILTERS,
  pageRequest,
  queryFromSearchParams,
  searchParamsFromQuery,
  summaryRequest,
  type IncidentReportQuery,
} from './incident-reports-query';

const query = (overrides: Partial<IncidentReportQuery> = {}): IncidentReportQuery => ({ ...FIRST_QUERY, ...overrides });

describe('the incident reports query in the URL', () => {
  it('reads the filters and the page under the server’s names', () => {
    const params = new URLSearchParams(
      'state=closed&state=active&form=form-1&search=flood&created_from=2024-03-01&created_to=2024-03-31&page=3&items_per_page=50',
    );

    expect(queryFromSearchParams(params)).toEqual({
      filters: { states: ['active', 'closed'], form: 'form-1', search: 'flood', createdFrom: '2024-03-01', createdTo: '2024-03-31' },
      page: 3,
      pageSize: '50',
    });
  });

  it('falls back to the defaults for what it cannot use', () => {
    const params = new URLSearchParams('state=draft&state=open&created_from=yesterday&page=-2&items_per_page=1000');

    expect(queryFromSearchParams(params)).toEqual(query());
  });

  it('writes back what it reads, leaving the defaults out', () => {
    const text = 'state=active&state=monitoring&form=form-1&search=Flood+A&created_from=2024-03-01&created_to=2024-03-31&page=2&items_per_page=10';
    expect(searchParamsFromQuery(queryFromSearchParams(new URLSearchParams(text))).toString()).toBe(text);
    expect(searchParamsFromQuery(query()).toString()).toBe('');
  });

  it.each(['0', 'All'] as const)('page size %s keeps no page in the URL', (pageSize) => {
    expect(searchParamsFromQuery(query({ page: 3, pageSize })).toString()).toBe(`items_per_page=${pageSize}`);
  });
});

describe('what the screen asks the server', () => {
  const filters = { states: ['resolved', 'active'] as const, form: 'form-2', search: '  storm  ', createdFrom: '2024-03-01', createdTo: '' };

  it('a page: the set filters only, the page size and the page', () => {
    expect(pageRequest(query({ filters: { ...filters, states: [...filters.states] }, page: 4, pageSize: '10' }))).toEqual({
      filters: { state: ['active', 'resolved'], form: 'form-2', search: 'storm', created_from: '2024-03-01' },
      itemsPerPage: '10',
      page: 4,
    });
    expect(pageRequest(query())).toEqual({ filters: {}, itemsPerPage: '25', page: 1 });
  });

  it.each(['0', 'All'] as const)('page size %s: every incident, no page', (pageSize) => {
    expect(pageRequest(query({ page: 2, pageSize }))).toEqual({ filters: {}, itemsPerPage: pageSize });
  });

  it('the summary: the same filters without the text search it does not take', () => {
    expect(summaryRequest({ ...filters, states: [...filters.states] })).toEqual({
      state: ['active', 'resolved'],
      form: 'form-2',
      created_from: '2024-03-01',
    });
    expect(summaryRequest(NO_FILTERS)).toEqual({});
  });
});
