import { isRecordedIncidentState, NOT_A_STRING, NOT_AN_INTEGER, type RecordedIncidentStateName, validationError } from '@beacon/domain';
import type { Filter, IndexSpec } from '@beacon/read-store';
import { escapeRegExp } from '../../shared/queries/plain-text-pattern';

/**
 * The incident list's paging and filters (spec part 1 §7 "Incidents", §9: page sizes include 0 and
 * All, both meaning everything). Without items_per_page the list is not paged either: the Start
 * incident screen asks for it that way and shows every incident.
 */

export interface IncidentPaging {
  /** null: everything on one page. */
  readonly pageSize: number | null;
  readonly page: number;
}

export interface IncidentCriteria {
  readonly states: readonly RecordedIncidentStateName[] | null;
  readonly form: string | null;
  /** Lower-cased. */
  readonly search: string | null;
  /** ISO instants on the creation time: from inclusive, until exclusive. */
  readonly createdFrom: string | null;
  readonly createdUntil: string | null;
}

const MAX_SEARCH_LENGTH = 200;
const INTEGER = NOT_AN_INTEGER;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_MESSAGE = 'Enter a valid date as YYYY-MM-DD (or an ISO 8601 date and time with a timezone).';

class Messages {
  readonly fields: Record<string, string[]> = {};

  add(field: string, message: string): null {
    (this.fields[field] ??= []).push(message);
    return null;
  }

  check(): void {
    const first = Object.values(this.fields)[0]?.[0];
    if (first !== undefined) throw validationError(first, this.fields);
  }
}

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

function positiveInteger(messages: Messages, field: string, value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\s*\d+\s*$/.test(text)) return messages.add(field, INTEGER);
  return Number(text);
}

/** items_per_page (absent, 0 or All: everything) and page (from 1) of a query string. */
export function parsePaging(query: Record<string, unknown>): IncidentPaging {
  const messages = new Messages();
  const size = query.items_per_page;
  let pageSize: number | null = null;
  if (!isAbsent(size) && !(typeof size === 'string' && size.trim().toLowerCase() === 'all')) {
    pageSize = positiveInteger(messages, 'items_per_page', size) || null;
  }
  let page = 1;
  if (!isAbsent(query.page)) {
    const value = positiveInteger(messages, 'page', query.page);
    if (value === 0) messages.add('page', 'Ensure this value is greater than or equal to 1.');
    else if (value !== null) page = value;
  }
  messages.check();
  return { pageSize, page };
}

function day(value: string, endOfDay: boolean): string {
  const start = new Date(`${value}T00:00:00.000Z`);
  if (endOfDay) start.setUTCDate(start.getUTCDate() + 1);
  return start.toISOString();
}

function bound(messages: Messages, field: string, value: unknown, until: boolean): string | null {
  if (isAbsent(value)) return null;
  if (typeof value !== 'string') return messages.add(field, DATE_MESSAGE);
  const text = value.trim();
  if (DAY.test(text) && Number.isFinite(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text))
    return day(text, until);
  if (INSTANT.test(text) && Number.isFinite(Date.parse(text))) {
    // An exact instant is inclusive at both ends: the end moves one millisecond on.
    return new Date(Date.parse(text) + (until ? 1 : 0)).toISOString();
  }
  return messages.add(field, DATE_MESSAGE);
}

/** state, form, search, created_from and created_to of a filter object (the filters JSON, the summary body). */
export function parseCriteria(source: Record<string, unknown>): IncidentCriteria {
  const messages = new Messages();
  let states: RecordedIncidentStateName[] | null = null;
  if (!isAbsent(source.state)) {
    const list = Array.isArray(source.state) ? source.state : [source.state];
    states = [];
    for (const state of list) {
      if (isRecordedIncidentState(state)) states.push(state);
      else messages.add('state', `"${typeof state === 'string' ? state : JSON.stringify(state)}" is not a valid choice.`);
    }
  }
  let form: string | null = null;
  if (!isAbsent(source.form)) {
    if (typeof source.form === 'string') form = source.form;
    else messages.add('form', NOT_A_STRING);
  }
  let search: string | null = null;
  if (!isAbsent(source.search)) {
    if (typeof source.search !== 'string') messages.add('search', NOT_A_STRING);
    else if (source.search.length > MAX_SEARCH_LENGTH) messages.add('search', `Ensure this field has no more than ${MAX_SEARCH_LENGTH} characters.`);
    else search = source.search.trim().toLowerCase() || null;
  }
  const createdFrom = bound(messages, 'created_from', source.created_from, false);
  const createdUntil = bound(messages, 'created_to', source.created_to, true);
  if (createdFrom && createdUntil && createdUntil <= createdFrom) messages.add('created_to', 'The end date must not be before the start date.');
  messages.check();
  return { states, form, search, createdFrom, createdUntil };
}

/** The `filters` query parameter: a JSON object (absent: no filter). */
export function parseFiltersParam(value: unknown): IncidentCriteria {
  if (isAbsent(value)) return parseCriteria({});
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw validationError('The filters must be a JSON object.', { filters: ['The filters must be a JSON object.'] });
  return parseCriteria(parsed as Record<string, unknown>);
}


/**
 * What the list filters and sorts by, each ending with the list's order so that a page is read in
 * order: the order alone (a caller of the root group), within the groups a caller reaches, within a
 * state or a form; and the creation time of the date filters.
 */
export const INCIDENT_LIST_INDEXES: readonly IndexSpec[] = [
  { keys: { order: 1, _id: 1 } },
  { keys: { customer_group: 1, order: 1, _id: 1 } },
  { keys: { state: 1, order: 1, _id: 1 } },
  { keys: { form: 1, order: 1, _id: 1 } },
  { keys: { created_at: 1 } },
];

/** The read-store filter of the criteria; the reader adds the caller's reach. */
export function criteriaFilter(criteria: IncidentCriteria): Filter {
  const filter: Filter = {};
  if (criteria.states) filter.state = { $in: [...criteria.states] };
  if (criteria.form !== null) filter.form = criteria.form;
  if (criteria.search !== null) filter.search_text = { $regex: escapeRegExp(criteria.search) };
  if (criteria.createdFrom || criteria.createdUntil)
    filter.created_at = { ...(criteria.createdFrom ? { $gte: criteria.createdFrom } : {}), ...(criteria.createdUntil ? { $lt: criteria.createdUntil } : {}) };
  return filter;
}
