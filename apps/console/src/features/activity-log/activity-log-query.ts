import {
  ACTIVITY_LOG_CATEGORIES,
  ACTIVITY_LOG_DEFAULT_PAGE_SIZE,
  type ActivityLogCategory,
  type ActivityLogFiltersDto,
} from '@beacon/contracts';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = ACTIVITY_LOG_DEFAULT_PAGE_SIZE;

/** The filters as the form holds them: an empty string is "no filter". */
export interface ActivityLogFilterValues {
  /** Empty: the user's own customer group and the groups below it (the server's default). */
  readonly customerGroup: string;
  readonly category: ActivityLogCategory | '';
  /** Text the action contains. */
  readonly search: string;
  /** YYYY-MM-DD, a whole day in the user's timezone; inclusive. */
  readonly dateFrom: string;
  readonly dateTo: string;
}

/** What the screen shows: the filters and the page. It lives in the URL, so a reload or a shared link keeps it. */
export interface ActivityLogQuery {
  readonly filters: ActivityLogFilterValues;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: PageSize;
}

export const NO_FILTERS: ActivityLogFilterValues = { customerGroup: '', category: '', search: '', dateFrom: '', dateTo: '' };

/** The URL's parameter names are the server's filter names, so a link reads like the call it makes. */
const PARAM = {
  customerGroup: 'customer_group',
  category: 'category',
  search: 'search',
  dateFrom: 'date_from',
  dateTo: 'date_to',
  page: 'page',
  pageSize: 'page_size',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isCategory = (value: string): value is ActivityLogCategory => (ACTIVITY_LOG_CATEGORIES as readonly string[]).includes(value);
const isPageSize = (value: number): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value);

function positiveInteger(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Reads the query from the URL; anything the screen cannot use (a hand-edited link) falls back to its default. */
export function queryFromSearchParams(params: URLSearchParams): ActivityLogQuery {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const category = text(PARAM.category);
  const day = (name: string) => (ISO_DAY.test(text(name)) ? text(name) : '');
  const pageSize = positiveInteger(params.get(PARAM.pageSize));
  return {
    filters: {
      customerGroup: text(PARAM.customerGroup),
      category: isCategory(category) ? category : '',
      search: text(PARAM.search),
      dateFrom: day(PARAM.dateFrom),
      dateTo: day(PARAM.dateTo),
    },
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: pageSize !== null && isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL's query string for a query; defaults are left out so links stay short. */
export function searchParamsFromQuery({ filters, page, pageSize }: ActivityLogQuery): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => value.trim() !== '' && params.set(name, value.trim());
  set(PARAM.customerGroup, filters.customerGroup);
  set(PARAM.category, filters.category);
  set(PARAM.search, filters.search);
  set(PARAM.dateFrom, filters.dateFrom);
  set(PARAM.dateTo, filters.dateTo);
  if (page !== 1) params.set(PARAM.page, String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, String(pageSize));
  return params;
}

export function sameQuery(a: ActivityLogQuery, b: ActivityLogQuery): boolean {
  return searchParamsFromQuery(a).toString() === searchParamsFromQuery(b).toString();
}

/** The filters as the server takes them (the export's body); empty ones are left out. */
export function filtersDto(filters: ActivityLogFilterValues): ActivityLogFiltersDto {
  const dto: ActivityLogFiltersDto = {};
  if (filters.customerGroup.trim()) dto.customer_group = filters.customerGroup.trim();
  if (filters.category) dto.category = filters.category;
  if (filters.search.trim()) dto.search = filters.search.trim();
  if (filters.dateFrom) dto.date_from = filters.dateFrom;
  if (filters.dateTo) dto.date_to = filters.dateTo;
  return dto;
}

/** The filters and the page, as GET /api/activity_log/ takes them. */
export function pageRequestDto(query: ActivityLogQuery): ActivityLogFiltersDto {
  return { ...filtersDto(query.filters), page: query.page, page_size: query.pageSize };
}
