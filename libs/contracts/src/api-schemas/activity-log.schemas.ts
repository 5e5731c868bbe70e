/** The activity log (activity-log.routes.ts): its filters, as a query string and as the export's JSON body. */
import { z } from 'zod';
import {
  ACTIVITY_LOG_CATEGORIES,
  ACTIVITY_LOG_DEFAULT_PAGE_SIZE,
  ACTIVITY_LOG_MAX_PAGE_SIZE,
} from '../api/activity-log.dto';
import type { ACTIVITY_LOG_ROUTES } from '../routes/activity-log.routes';
import { checkedByReader, described, json, named, queryInteger, type ApiFeature } from './api-schema';

/** The query's rules (apps/query-api activity-log-filters.ts). */
const MAX_ID_LENGTH = 200;
const MAX_SEARCH_LENGTH = 200;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const DAY_OR_INSTANT = /^\s*(?:\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?)?\s*$/;
const CATEGORIES: ReadonlySet<string> = new Set(ACTIVITY_LOG_CATEGORIES);

/** The entries of a list filter: repeated values, each possibly comma-separated. */
const listEntries = (value: string | readonly string[]) =>
  (typeof value === 'string' ? [value] : value).flatMap((item) => item.split(',').map((part) => part.trim()).filter(Boolean));

const listOf = (valid: (entry: string) => boolean, description: string) =>
  described(
    z.union([z.string(), z.array(z.string())]).refine((value) => listEntries(value).every(valid)),
    `${description} Several: repeat the parameter, or separate them with commas.`,
  );

const eventTypes = () => listOf((entry) => EVENT_TYPE.test(entry), 'Event types, such as UserSignedIn.');
const categories = () => listOf((entry) => CATEGORIES.has(entry), `Categories: ${ACTIVITY_LOG_CATEGORIES.join(', ')}.`);
const groupId = () => described(z.string().trim().max(MAX_ID_LENGTH), "A customer group in the caller's reach: its entries and its descendants'. Default: the caller's group.");
const userId = () => described(z.string().trim().max(MAX_ID_LENGTH), "The acting user's id.");
const dateBound = (which: string) =>
  described(
    z.string().regex(DAY_OR_INSTANT),
    `${which}, inclusive: YYYY-MM-DD (the whole day in the caller's timezone) or an ISO 8601 date and time with its offset.`,
  );
const search = () => described(z.string().trim().max(MAX_SEARCH_LENGTH), 'Text the action contains, in any case.');

const pageNumber = () => queryInteger('The page, from 1.').refine((text) => !text.trim() || Number(text) >= 1);
const pageSize = () =>
  queryInteger(`Entries per page, 1 to ${ACTIVITY_LOG_MAX_PAGE_SIZE} (default ${ACTIVITY_LOG_DEFAULT_PAGE_SIZE}).`).refine(
    (text) => !text.trim() || (Number(text) >= 1 && Number(text) <= ACTIVITY_LOG_MAX_PAGE_SIZE),
  );

// The filters are checked by the activity log's reader (apps/query-api activity-log-filters.ts), which
// answers each problem with its own text: the schemas say what it takes and pass the values on.
export const ActivityLogQuerySchema = checkedByReader({
  customer_group: groupId().optional(),
  user: userId().optional(),
  event_type: eventTypes().optional(),
  category: categories().optional(),
  date_from: dateBound('From').optional(),
  date_to: dateBound('To').optional(),
  search: search().optional(),
  page: pageNumber().optional(),
  page_size: pageSize().optional(),
});

/** In the JSON body, null and '' mean "no filter" too, and lists may be JSON arrays. */
export const ActivityLogExportRequestSchema = named(
  'ActivityLogExportRequest',
  checkedByReader({
    customer_group: groupId().nullable().optional(),
    user: userId().nullable().optional(),
    event_type: eventTypes().nullable().optional(),
    category: categories().nullable().optional(),
    date_from: dateBound('From').nullable().optional(),
    date_to: dateBound('To').nullable().optional(),
    search: z.union([search(), z.number()]).nullable().optional(),
    page: described(z.union([pageNumber(), z.number()]), 'Read like the list\'s: the reader checks it, though every match is exported.').nullable().optional(),
    page_size: z.union([pageSize(), z.number()]).nullable().optional(),
  }),
  'The filters of GET /api/activity_log/, as JSON; every entry that matches is exported (up to 50,000 rows).',
);

const ActivityLogUserSchema = named(
  'ActivityLogUser',
  z.object({ id: z.string(), email: z.string().nullable(), name: z.string() }),
);

export const ActivityLogEntrySchema = named(
  'ActivityLogEntry',
  z.object({
    id: described(z.number().int(), "The event's global position: unique, larger for later entries."),
    date: z.string(),
    event_type: z.string(),
    category: z.enum(ACTIVITY_LOG_CATEGORIES),
    action: described(z.string(), 'What happened, in words.'),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    customer_group: z.object({ id: z.string(), name: z.string().nullable() }),
    user: ActivityLogUserSchema.nullable(),
    target_user: ActivityLogUserSchema.nullable(),
  }),
);

export const ActivityLogPageSchema = named(
  'ActivityLogPage',
  z.object({
    data: z.object({
      activity_logs: z.array(ActivityLogEntrySchema),
      count: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
      number_of_pages: z.number().int(),
    }),
  }),
);

export const ActivityLogCustomerGroupsSchema = named(
  'ActivityLogCustomerGroups',
  z.object({ data: z.object({ customer_groups: z.array(z.object({ id: z.string(), name: z.string(), parent: z.string().nullable() })) }) }),
);

export const ACTIVITY_LOG_API = {
  tag: 'Activity log',
  description: "What happened in the organisation, from its history (admins only).",
  routes: {
    activityLog: {
      summary: 'The activity log',
      description: 'Newest first, a page at a time. Blank parameters count as absent.',
      query: ActivityLogQuerySchema,
      responses: { 200: json(ActivityLogPageSchema, 'A page of entries.') },
    },
    activityLogCustomerGroups: {
      summary: 'The customer groups the activity log can be filtered by',
      responses: { 200: json(ActivityLogCustomerGroupsSchema, 'The groups.') },
    },
    activityLogExportSummary: {
      summary: 'Export the activity log as CSV',
      body: ActivityLogExportRequestSchema,
      bodyOptional: true,
      responses: { 200: { description: 'A CSV file (UTF-8 with a byte order mark) of every matching entry.', file: 'text/csv' } },
    },
  },
} as const satisfies ApiFeature<keyof typeof ACTIVITY_LOG_ROUTES>;
