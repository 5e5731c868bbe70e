import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@beacon/domain';
import { criteriaFilter, parseCriteria, parseFiltersParam, parsePaging } from './incident-list-query';

function fieldsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).fields;
  }
  throw new Error('expected a validation error');
}

describe('incident list paging', () => {
  it.each([[{}], [{ items_per_page: '0' }], [{ items_per_page: 'All' }], [{ items_per_page: 'all', page: '3' }]])('%j shows everything on one page', (query) => {
    expect(parsePaging(query).pageSize).toBeNull();
  });

  it('reads a page size and a page', () => {
    expect(parsePaging({ items_per_page: '10', page: '2' })).toEqual({ pageSize: 10, page: 2 });
    expect(parsePaging({ items_per_page: '25' })).toEqual({ pageSize: 25, page: 1 });
  });

  it.each([
    [{ items_per_page: '-1' }, 'items_per_page'],
    [{ items_per_page: 'ten' }, 'items_per_page'],
    [{ items_per_page: ['10', '20'] }, 'items_per_page'],
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
  ])('refuses %j', (query, field) => {
    expect(Object.keys(fieldsOf(() => parsePaging(query)))).toEqual([field]);
  });
});

describe('incident filters', () => {
  it('reads state (one or several), form, search and creation dates (whole days, inclusive)', () => {
    expect(parseCriteria({ state: 'active', form: 'f1', search: '  River ', created_from: '2024-03-01', created_to: '2024-03-02' })).toEqual({
      states: ['active'],
      form: 'f1',
      search: 'river',
      createdFrom: '2024-03-01T00:00:00.000Z',
      createdUntil: '2024-03-03T00:00:00.000Z',
    });
    expect(parseCriteria({ state: ['active', 'closed'] }).states).toEqual(['active', 'closed']);
    expect(parseCriteria({ created_to: '2024-03-01T10:00:00+01:00' }).createdUntil).toBe('2024-03-01T09:00:00.001Z');
  });

  it('refuses unknown states, wrong types and bad dates with a message per filter', () => {
    expect(fieldsOf(() => parseCriteria({ state: ['active', 'draft'], form: 3, search: {}, created_from: '2024-02-30', created_to: 'tomorrow' }))).toEqual({
      state: ['"draft" is not a valid choice.'],
      form: ['Not a valid string.'],
      search: ['Not a valid string.'],
      created_from: ['Enter a valid date as YYYY-MM-DD (or an ISO 8601 date and time with a timezone).'],
      created_to: ['Enter a valid date as YYYY-MM-DD (or an ISO 8601 date and time with a timezone).'],
    });
    expect(fieldsOf(() => parseCriteria({ created_from: '2024-03-02', created_to: '2024-03-01' }))).toEqual({
      created_to: ['The end date must not be before the start date.'],
    });
  });

  it('reads the filters parameter as a JSON object, refusing anything else', () => {
    expect(parseFiltersParam(undefined)).toEqual({ states: null, form: null, search: null, createdFrom: null, createdUntil: null });
    expect(parseFiltersParam('{"state":"closed"}').states).toEqual(['closed']);
    for (const bad of ['{state:', '[1]', '"x"', 'null', ['a', 'b']]) {
      expect(fieldsOf(() => parseFiltersParam(bad))).toEqual({ filters: ['The filters must be a JSON object.'] });
    }
  });

  it('searches case-insensitively as plain text, within states and from a day', () => {
    expect(criteriaFilter(parseCriteria({ search: 'A.B (x)', state: 'active', created_from: '2024-03-01' }))).toEqual({
      state: { $in: ['active'] },
      search_text: { $regex: 'a\\.b \\(x\\)' },
      created_at: { $gte: '2024-03-01T00:00:00.000Z' },
    });
  });
});
