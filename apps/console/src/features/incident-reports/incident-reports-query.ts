import type { IncidentFiltersDto, IncidentReportSummaryRequest, IncidentStateName } from '@beacon/contracts';

/** The states an incident report can be filtered by (a draft is never listed). */
export const REPORT_STATES = ['active', 'monitoring', 'resolved', 'closed'] as const satisfies readonly IncidentStateName[];
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * Spec §9: the incident page-size options include 0 and All, both meaning every item on one page.
 * They are kept as the text the server takes for items_per_page.
 */
export const PAGE_SIZES = ['10', '25', '50', '0', 'All'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = '25';

/** 0 and All: no paging, every matching incident at once. */
export const showsAllItems = (pageSize: PageSize): boolean => pageSize === '0' || pageSize === 'All';

/** The filters as the form holds them: an empty string or list is "no filter". */
export interface IncidentReportFilterValues {
  readonly states: readonly ReportState[];
  /** A form id. */
  readonly form: string;
  /** Text the title or the form name contains. */
  readonly search: string;
  /** YYYY-MM-DD, inclusive, on the creation time. */
  readonly createdFrom: string;
  readonly createdTo: string;
}

/** What the screen shows. It lives in the URL, so a reload, Back or a shared link shows the same list. */
export interface IncidentReportQuery {
  readonly filters: IncidentReportFilterValues;
  /** 1-based; ignored when the page size shows every item. */
  readonly page: number;
  readonly pageSize: PageSize;
}

export const NO_FILTERS: IncidentReportFilterValues = { states: [], form: '', search: '', createdFrom: '', createdTo: '' };

export const FIRST_QUERY: IncidentReportQuery = { filters: NO_FILTERS, page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** The URL's parameter names are the server's, so a link reads like the call it makes. */
const PARAM = {
  state: 'state',
  form: 'form',
  search: 'search',
  createdFrom: 'created_from',
  createdTo: 'created_to',
  page: 'page',
  pageSize: 'items_per_page',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isReportState = (value: string): value is ReportState => (REPORT_STATES as readonly string[]).includes(value);
const isPageSize = (value: string): value is PageSize => (PAGE_SIZES as readonly string[]).includes(value);

function positiveInteger(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Reads the query from the URL; anything the screen cannot use (a hand-edited link) falls back to its default. */
export function queryFromSearchParams(params: URLSearchParams): IncidentReportQuery {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const day = (name: string) => (ISO_DAY.test(text(name)) ? text(name) : '');
  const states = REPORT_STATES.filter((state) => params.getAll(PARAM.state).includes(state));
  const pageSize = text(PARAM.pageSize);
  return {
    filters: {
      states,
      form: text(PARAM.form),
      search: text(PARAM.search),
      createdFrom: day(PARAM.createdFrom),
      createdTo: day(PARAM.createdTo),
    },
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL's query string for a query; defaults are left out so links stay short. */
export function searchParamsFromQuery({ filters, page, pageSize }: IncidentReportQuery): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => value.trim() !== '' && params.set(name, value.trim());
  REPORT_STATES.filter((state) => filters.states.includes(state)).forEach((state) => params.append(PARAM.state, state));
  set(PARAM.form, filters.form);
  set(PARAM.search, filters.search);
  set(PARAM.createdFrom, filters.createdFrom);
  set(PARAM.createdTo, filters.createdTo);
  if (page !== 1 && !showsAllItems(pageSize)) params.set(PARAM.page, String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, pageSize);
  return params;
}

export function sameQuery(a: IncidentReportQuery, b: IncidentReportQuery): boolean {
  return searchParamsFromQuery(a).toString() === searchParamsFromQuery(b).toString();
}

/** The filters as GET /api/incidents/incident/filters/ takes them (as JSON); empty ones are left out. */
export function filtersDto(filters: IncidentReportFilterValues): IncidentFiltersDto {
  const dto: IncidentFiltersDto = {};
  const states = REPORT_STATES.filter((state) => filters.states.includes(state));
  if (states.length > 0) dto.state = states;
  if (filters.form.trim()) dto.form = filters.form.trim();
  if (filters.search.trim()) dto.search = filters.search.trim();
  if (filters.createdFrom) dto.created_from = filters.createdFrom;
  if (filters.createdTo) dto.created_to = filters.createdTo;
  return dto;
}

/** A page of incidents as the screen asks for it: with 0 or All there is no page to ask for. */
export interface IncidentPageRequest {
  readonly filters: IncidentFiltersDto;
  readonly itemsPerPage: PageSize;
  readonly page?: number;
}

export function pageRequest(query: IncidentReportQuery): IncidentPageRequest {
  const filters = filtersDto(query.filters);
  if (showsAllItems(query.pageSize)) return { filters, itemsPerPage: query.pageSize };
  return { filters, itemsPerPage: query.pageSize, page: query.page };
}

/** The summary counts the same filters, except the text search the summary call does not take. */
export function summaryRequest(filters: IncidentReportFilterValues): IncidentReportSummaryRequest {
  const { search: _search, ...rest } = filtersDto(filters);
  return rest;
}
