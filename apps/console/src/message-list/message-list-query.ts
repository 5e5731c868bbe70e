import { SCENARIO_ACTIVE_TABS, type ScenarioListQuerySchema } from '@beacon/contracts';
import type { z } from 'zod';

/** GET /api/scenario/'s query as the contract's schema accepts it (text values). */
export type MessageListRequest = z.input<typeof ScenarioListQuerySchema>;

export type ActiveTab = (typeof SCENARIO_ACTIVE_TABS)[number];
export const ACTIVE_TABS = SCENARIO_ACTIVE_TABS;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/**
 * What a paged list of messages shows (Message Templates, Send Message): all, real or test messages,
 * a search over name and message ID, and the page. It lives in the URL, so Back, a reload or a shared
 * link keeps it.
 */
export interface MessageListQuery {
  readonly activeTab: ActiveTab;
  readonly search: string;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: PageSize;
}

export const DEFAULT_QUERY: MessageListQuery = { activeTab: 'all', search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };

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
export function queryFromSearchParams(params: URLSearchParams): MessageListQuery {
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
export function searchParamsFromQuery(query: MessageListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.activeTab !== DEFAULT_QUERY.activeTab) params.set(PARAM.activeTab, query.activeTab);
  if (query.search !== '') params.set(PARAM.search, query.search);
  if (query.page !== 1) params.set(PARAM.page, String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, String(query.pageSize));
  return params;
}

export const sameQuery = (a: MessageListQuery, b: MessageListQuery): boolean => searchParamsFromQuery(a).toString() === searchParamsFromQuery(b).toString();

/** A search or a Real / Test choice narrows the list: finding nothing then is "no results", not an empty list. */
export const isFiltered = (query: MessageListQuery): boolean => query.activeTab !== 'all' || query.search.trim() !== '';

/**
 * The page the list asks for; `included` adds what a screen lists with each message (Send Message:
 * its latest sessions and those scheduled).
 */
export function pageRequest(query: MessageListQuery, included: Pick<MessageListRequest, 'include_sessions' | 'include_scheduled'> = {}): MessageListRequest {
  const request: MessageListRequest = { active_tab: query.activeTab, page: String(query.page), page_size: String(query.pageSize), ...included };
  if (query.search.trim() !== '') request.search = query.search.trim();
  return request;
}
