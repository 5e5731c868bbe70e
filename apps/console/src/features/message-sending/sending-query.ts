import { SCENARIO_ACTIVE_TABS, type ScenarioListQuerySchema } from '@beacon/contracts';
import type { z } from 'zod';

/** GET /api/scenario/'s query as the contract's schema accepts it (text values). */
export type SendableListRequest = z.input<typeof ScenarioListQuerySchema>;

export type ActiveTab = (typeof SCENARIO_ACTIVE_TABS)[number];
export const ACTIVE_TABS = SCENARIO_ACTIVE_TABS;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/**
 * What Send Message lists: all, real or test messages, a search over name and message ID, and the
 * page, as Message Templates does. It lives in the URL, so Back, a reload or a shared link keeps it.
 */
export interface SendingQuery {
  readonly activeTab: ActiveTab;
  readonly search: string;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: PageSize;
}

export const DEFAULT_QUERY: SendingQuery = { activeTab: 'all', search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** The URL's names are the list call's, so a link reads like the call it makes. */
const PARAM = { activeTab: 'active_tab', search: 'search', page: 'page', pageSize: 'page_size' } as const;

const isActiveTab = (value: string): value is ActiveTab => (ACTIVE_TABS as readonly string[]).includes(value);
const isPageSize = (value: number): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value);

function positiveInteger(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Reads the query from the URL; what the list cannot use (a hand-edited link) takes its default. */
export function queryFromSearchParams(params: URLSearchParams): SendingQuery {
  const tab = params.get(PARAM.activeTab)?.trim() ?? '';
  const pageSize = positiveInteger(params.get(PARAM.pageSize));
  return {
    activeTab: isActiveTab(tab) ? tab : DEFAULT_QUERY.activeTab,
    search: params.get(PARAM.search) ?? '',
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: pageSize !== null && isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL's query string for a query; defaults are left out so links stay short. */
export function searchParamsFromQuery(query: SendingQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.activeTab !== DEFAULT_QUERY.activeTab) params.set(PARAM.activeTab, query.activeTab);
  if (query.search !== '') params.set(PARAM.search, query.search);
  if (query.page !== 1) params.set(PARAM.page, String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, String(query.pageSize));
  return params;
}

export const sameQuery = (a: SendingQuery, b: SendingQuery): boolean => searchParamsFromQuery(a).toString() === searchParamsFromQuery(b).toString();

/** A search or a Real / Test choice narrows the list: finding nothing then is "no results", not "no messages". */
export const isFiltered = (query: SendingQuery): boolean => query.activeTab !== 'all' || query.search.trim() !== '';

/** The page the list asks for, with each message's latest sessions and those scheduled. */
export function pageRequest(query: SendingQuery): SendableListRequest {
  const request: SendableListRequest = {
    active_tab: query.activeTab,
    page: String(query.page),
    page_size: String(query.pageSize),
    include_sessions: 'true',
    include_scheduled: 'true',
  };
  if (query.search.trim() !== '') request.search = query.search.trim();
  return request;
}

/** `?a=1&b=x` for a request's values. */
export function queryString(request: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) if (value !== undefined && value !== '') params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
