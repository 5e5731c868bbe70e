import {
  ACTIVITY_LOG_CATEGORIES,
  ACTIVITY_LOG_DEFAULT_PAGE_SIZE,
  ACTIVITY_LOG_MAX_PAGE_SIZE,
  type ActivityLogCategory,
} from '@beacon/contracts';
import { NOT_A_STRING, NOT_AN_INTEGER, validationError } from '@beacon/domain';
import type { IndexSpec } from '@beacon/read-store';
import { nextDay, startOfDay, type CalendarDay } from './zoned-time';

/** A bound of the date filter: a whole day in the caller's timezone, or an exact instant. */
export type DateBound = { readonly day: CalendarDay } | { readonly instant: number };

export interface ActivityLogFilters {
  readonly customerGroupId: string | null;
  readonly userId: string | null;
  readonly eventTypes: readonly string[];
  readonly categories: readonly ActivityLogCategory[];
  readonly from: DateBound | null;
  readonly to: DateBound | null;
  readonly search: string | null;
  readonly page: number;
  readonly pageSize: number;
}

/** The date filter as instants: from (inclusive) and until (exclusive), ISO 8601 UTC. */
export interface DateRange {
  readonly from: string | null;
  readonly until: string | null;
}

/**
 * What the filters select by, newest first within each (ids are positions). The whole log of an
 * organisation needs none: it reads the store's (tenant, id) order, and its count is kept by the store.
 */
export const ACTIVITY_LOG_INDEXES: readonly IndexSpec[] = [
  { keys: { customer_group: 1, _id: -1 } },
  { keys: { event_type: 1, _id: -1 } },
  { keys: { category: 1, _id: -1 } },
  { keys: { actor: 1, _id: -1 } },
  { keys: { occurred_at: -1 } },
];

const MAX_ID_LENGTH = 200;
const MAX_SEARCH_LENGTH = 200;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const MESSAGES = {
  single: 'Only one value is allowed.',
  integer: NOT_AN_INTEGER,
  atLeastOne: 'Ensure this value is greater than or equal to 1.',
  atMostPageSize: `Ensure this value is less than or equal to ${ACTIVITY_LOG_MAX_PAGE_SIZE}.`,
  id: 'Enter a valid id.',
  date: 'Enter a valid date as YYYY-MM-DD (or an ISO 8601 date and time with a timezone).',
  dateOrder: 'The end date must not be before the start date.',
  text: NOT_A_STRING,
  search: `Ensure this field has no more than ${MAX_SEARCH_LENGTH} characters.`,
  choice: (value: string) => `"${value}" is not a valid choice.`,
  eventType: (value: string) => `"${value}" is not a valid event type.`,
} as const;

class FieldErrors {
  readonly fields: Record<string, string[]> = {};

  add(field: string, message: string): null {
    (this.fields[field] ??= []).push(message);
    return null;
  }

  throwIfAny(): void {
    if (Object.keys(this.fields).length) throw validationError('Some filters are not valid.', this.fields);
  }
}

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/** One value of a scalar filter: absent, a string or number, or an error (lists are not allowed). */
function single(source: Record<string, unknown>, field: string, invalid: string, errors: FieldErrors): string | null {
  const value = source[field];
  if (isAbsent(value)) return null;
  if (Array.isArray(value)) return errors.add(field, MESSAGES.single);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return errors.add(field, invalid);
  return value.trim() === '' ? null : value.trim();
}

function id(source: Record<string, unknown>, field: string, errors: FieldErrors): string | null {
  if (typeof source[field] === 'number') return errors.add(field, MESSAGES.id);
  const text = single(source, field, MESSAGES.id, errors);
  return text !== null && text.length > MAX_ID_LENGTH ? errors.add(field, MESSAGES.id) : text;
}

/** A list filter: repeated values, comma-separated values, or a JSON array. */
function list(source: Record<string, unknown>, field: string, errors: FieldErrors): string[] {
  const value = source[field];
  if (isAbsent(value)) return [];
  const values = Array.isArray(value) ? value : [value];
  const items: string[] = [];
  for (const item of values) {
    if (typeof item !== 'string') {
      errors.add(field, MESSAGES.choice(String(item)));
      continue;
    }
    items.push(...item.split(',').map((part) => part.trim()).filter(Boolean));
  }
  return [...new Set(items)];
}

function integer(source: Record<string, unknown>, field: string, fallback: number, max: number | null, errors: FieldErrors): number {
  const text = single(source, field, MESSAGES.integer, errors);
  if (text === null) return fallback;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return errors.add(field, MESSAGES.integer) ?? fallback;
  const value = Number(text);
  if (value < 1) return errors.add(field, MESSAGES.atLeastOne) ?? fallback;
  if (max !== null && value > max) return errors.add(field, MESSAGES.atMostPageSize) ?? fallback;
  return value;
}

function calendarDay(text: string): CalendarDay | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

function dateBound(source: Record<string, unknown>, field: string, errors: FieldErrors): DateBound | null {
  const text = single(source, field, MESSAGES.date, errors);
  if (text === null) return null;
  const day = calendarDay(text);
  if (day) return { day };
  const instant = ISO_DATE_TIME.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(instant) ? errors.add(field, MESSAGES.date) : { instant };
}

/**
 * Reads the filters from a query string (GET) or a JSON body (the export), answering 400 with a
 * message per field for anything it cannot use. Blank values count as absent, as forms send them.
 */
export function parseActivityLogFilters(input: unknown): ActivityLogFilters {
  const source = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const errors = new FieldErrors();
  const eventTypes = list(source, 'event_type', errors);
  eventTypes.filter((type) => !EVENT_TYPE.test(type)).forEach((type) => errors.add('event_type', MESSAGES.eventType(type)));
  const categories = list(source, 'category', errors);
  const known = new Set<string>(ACTIVITY_LOG_CATEGORIES);
  categories.filter((category) => !known.has(category)).forEach((category) => errors.add('category', MESSAGES.choice(category)));
  const search = single(source, 'search', MESSAGES.text, errors);
  if (search !== null && search.length > MAX_SEARCH_LENGTH) errors.add('search', MESSAGES.search);
  const filters: ActivityLogFilters = {
    customerGroupId: id(source, 'customer_group', errors),
    userId: id(source, 'user', errors),
    eventTypes,
    categories: categories as ActivityLogCategory[],
    from: dateBound(source, 'date_from', errors),
    to: dateBound(source, 'date_to', errors),
    search,
    page: integer(source, 'page', 1, null, errors),
    pageSize: integer(source, 'page_size', ACTIVITY_LOG_DEFAULT_PAGE_SIZE, ACTIVITY_LOG_MAX_PAGE_SIZE, errors),
  };
  errors.throwIfAny();
  return filters;
}

/** The date filter in instants: a day bound covers the whole day in the caller's timezone. */
export function resolveDateRange(from: DateBound | null, to: DateBound | null, timeZone: string): DateRange {
  const start = from && ('day' in from ? startOfDay(from.day, timeZone) : from.instant);
  const end = to && ('day' in to ? startOfDay(nextDay(to.day), timeZone) : to.instant + 1);
  if (start !== null && end !== null && end <= start) {
    throw validationError('Some filters are not valid.', { date_to: [MESSAGES.dateOrder] });
  }
  return {
    from: start === null ? null : new Date(start).toISOString(),
    until: end === null ? null : new Date(end).toISOString(),
  };
}
