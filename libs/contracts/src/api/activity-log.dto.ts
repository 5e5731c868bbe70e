/**
 * Shapes of the activity log calls (spec part 2 section 7 "Activity log"). The spec names only
 * `data.activity_logs`; the entry's fields and the filters are ours ("fields not shown").
 */

import type { ActivityLogCategory, ActivityLogDetailValue } from '@beacon/domain';

/** What an entry is about (the category filter) and its detail values: the domain's activity words. */
export { ACTIVITY_LOG_CATEGORIES, type ActivityLogCategory, type ActivityLogDetailValue } from '@beacon/domain';

export const ACTIVITY_LOG_DEFAULT_PAGE_SIZE = 25;
export const ACTIVITY_LOG_MAX_PAGE_SIZE = 100;
/** Most rows one CSV export holds; a last row says so when more matched. */
export const ACTIVITY_LOG_EXPORT_MAX_ROWS = 50_000;

/** A user as an entry names them (null for an action the platform took by itself). */
export interface ActivityLogUserDto {
  id: string;
  /** Null when the user is not (or not yet) in the read model. */
  email: string | null;
  /** "First Last", else the email, else the id. */
  name: string;
}

export interface ActivityLogEntryDto {
  /** The event's global position: unique, and larger for later entries. */
  id: number;
  /** When it happened (ISO 8601, UTC). */
  date: string;
  event_type: string;
  category: ActivityLogCategory;
  /** What happened, in words ("Signed in", "Created customer group North Region"). */
  action: string;
  details: Record<string, ActivityLogDetailValue>;
  customer_group: { id: string; name: string | null };
  /** Who did it; null for the platform itself (seeding, workers). */
  user: ActivityLogUserDto | null;
  /** The user the action was about, when it was about one. */
  target_user: ActivityLogUserDto | null;
}

/**
 * Filters of GET /api/activity_log/ (query string) and POST /api/activity_log/export_summary/
 * (JSON body). Lists may be given comma-separated or repeated.
 */
export interface ActivityLogFiltersDto {
  /** A group in the caller's reach; the entries of it and its descendants. Default: the caller's own group. */
  customer_group?: string;
  /** The acting user's id. */
  user?: string;
  event_type?: string | string[];
  category?: ActivityLogCategory | ActivityLogCategory[];
  /** YYYY-MM-DD (a whole day in the caller's timezone) or an ISO date-time with an offset; inclusive. */
  date_from?: string;
  date_to?: string;
  /** Text the action contains, in any case. */
  search?: string;
  /** 1-based; GET only. */
  page?: number | string;
  /** 1 to 100, default 25; GET only. */
  page_size?: number | string;
}

/** GET /api/activity_log/, newest first. */
export interface ActivityLogPageDto {
  data: {
    activity_logs: ActivityLogEntryDto[];
    count: number;
    page: number;
    page_size: number;
    number_of_pages: number;
  };
}

export interface ActivityLogCustomerGroupDto {
  id: string;
  name: string;
  parent: string | null;
}

/** GET /api/activity_log/customer_group/: the groups the caller may filter by. */
export interface ActivityLogCustomerGroupsDto {
  data: { customer_groups: ActivityLogCustomerGroupDto[] };
}

/** Header row of POST /api/activity_log/export_summary/ (text/csv). */
export const ACTIVITY_LOG_CSV_HEADER = ['Date', 'Customer group', 'User', 'Action', 'Details'] as const;
