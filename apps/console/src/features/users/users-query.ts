import { USER_LIST_SORT_KEYS, type UserListQuerySchema, type UserListSortKey } from '@beacon/contracts';
import type { z } from 'zod';

/** GET /api/customer_group/{id}/users/'s query as the contract's schema accepts it (text values). */
export type UserListRequest = z.input<typeof UserListQuerySchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/** The attributes `field` filters by with a value the list offers; any other `field` is a contact field's id. */
export const ATTRIBUTE_FILTERS = ['customer_permission', 'is_active', 'is_message_recipient'] as const;

/**
 * What the list shows: the customer group (empty: the user's own), its sub-groups or not, the
 * search, one filter by value (an attribute or a contact field: the list takes one `field`), a
 * missing value, the order and the page. It lives in the URL, so Back, a reload or a link keeps it.
 */
export interface UsersQuery {
  readonly customerGroup: string;
  readonly includeSubGroups: boolean;
  readonly search: string;
  /** An attribute of ATTRIBUTE_FILTERS or a contact field's id; empty: no filter. */
  readonly field: string;
  readonly value: string;
  /** last_activity (never signed in) or a contact field's id; empty: none. */
  readonly missing: string;
  readonly sortBy: UserListSortKey;
  readonly descending: boolean;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: PageSize;
}

export const DEFAULT_QUERY: UsersQuery = {
  customerGroup: '',
  includeSubGroups: true,
  search: '',
  field: '',
  value: '',
  missing: '',
  sortBy: 'last_name',
  descending: false,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The URL's names are the list call's, so a link reads like the call it makes. */
const PARAM = {
  customerGroup: 'customer_group',
  includeSubGroups: 'all',
  search: 'search_by_address_string',
  field: 'field',
  value: 'value',
  missing: 'search_by_missing_value',
  sortBy: 'sort_by',
  descending: 'descending',
  page: 'page_number',
  pageSize: 'items_per_page',
} as const;

const isSortKey = (value: string): value is UserListSortKey => (USER_LIST_SORT_KEYS as readonly string[]).includes(value);
const isPageSize = (value: number): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value);

function positiveInteger(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Reads the query from the URL; what the list cannot use (a hand-edited link) takes its default. */
export function queryFromSearchParams(params: URLSearchParams): UsersQuery {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const sortBy = text(PARAM.sortBy);
  const pageSize = positiveInteger(params.get(PARAM.pageSize));
  const field = text(PARAM.field);
  const value = text(PARAM.value);
  const filtered = field !== '' && value !== '';
  return {
    customerGroup: text(PARAM.customerGroup),
    includeSubGroups: text(PARAM.includeSubGroups) !== 'false',
    search: params.get(PARAM.search) ?? '',
    field: filtered ? field : '',
    value: filtered ? value : '',
    missing: text(PARAM.missing),
    sortBy: isSortKey(sortBy) ? sortBy : DEFAULT_QUERY.sortBy,
    descending: text(PARAM.descending) === 'true',
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: pageSize !== null && isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL's query string for a query; defaults are left out so links stay short. */
export function searchParamsFromQuery(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => value.trim() !== '' && params.set(name, value.trim());
  set(PARAM.customerGroup, query.customerGroup);
  if (!query.includeSubGroups) params.set(PARAM.includeSubGroups, 'false');
  if (query.search !== '') params.set(PARAM.search, query.search);
  if (query.field !== '' && query.value !== '') {
    params.set(PARAM.field, query.field);
    params.set(PARAM.value, query.value);
  }
  set(PARAM.missing, query.missing);
  if (query.sortBy !== DEFAULT_QUERY.sortBy) params.set(PARAM.sortBy, query.sortBy);
  if (query.descending) params.set(PARAM.descending, 'true');
  if (query.page !== 1) params.set(PARAM.page, String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, String(query.pageSize));
  return params;
}

export const sameQuery = (a: UsersQuery, b: UsersQuery): boolean => searchParamsFromQuery(a).toString() === searchParamsFromQuery(b).toString();

/** The filters and the order as the list and its exports take them; empty ones left out. */
export function filtersRequest(query: UsersQuery): UserListRequest {
  const request: UserListRequest = { all: String(query.includeSubGroups), sort_by: query.sortBy, descending: String(query.descending) };
  if (query.search.trim() !== '') request.search_by_address_string = query.search.trim();
  if (query.field !== '' && query.value !== '') {
    request.field = query.field;
    request.value = query.value;
  }
  if (query.missing !== '') request.search_by_missing_value = query.missing;
  return request;
}

/** The page the list asks for. */
export const pageRequest = (query: UsersQuery): UserListRequest => ({
  ...filtersRequest(query),
  items_per_page: String(query.pageSize),
  page_number: String(query.page),
});

/** `?a=1&b=x` for a request's values. */
export function queryString(request: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) if (value !== undefined && value !== '') params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
