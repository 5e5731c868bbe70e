import {
  USER_LIST_DEFAULT_PAGE_SIZE,
  USER_LIST_FILTER_FIELDS,
  USER_LIST_MISSING_VALUE_FIELDS,
  type UserListFilterField,
  type UserListMissingValueField,
  type UserListQuerySchema,
  type UserListSortKey,
} from '@beacon/contracts';
import type { Filter, IndexSpec, SortSpec } from '@beacon/read-store';
import type { z } from 'zod';
import { fieldValueKey, type UserDocument } from '../../shared/read-models/users.read-model';
import { escapeRegExp } from '../../shared/queries/plain-text-pattern';

/**
 * The user list's filters, order and paging (GET /api/customer_group/{id}/users/, spec part 2 §7
 * "Users and on call"), as read-store filters and sorts that the indexes below serve.
 */

export type UserListQueryParams = z.output<typeof UserListQuerySchema>;

/** The label the list shows and searches: "First Last <email>". */
export const addressString = (user: Pick<UserDocument, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name} <${user.email}>`;

/** The document with its list label and sort keys, as the projection stores them after every change. */
export function withListKeys(user: UserDocument): UserDocument {
  return { ...user, address_string: addressString(user), first_name_key: user.first_name.toLowerCase(), last_name_key: user.last_name.toLowerCase() };
}

/** Each order's keys, ending with the user's id so that a page is stable; ties go by name. */
const ORDERS: Readonly<Record<UserListSortKey, readonly string[]>> = {
  last_name: ['last_name_key', 'first_name_key', '_id'],
  first_name: ['first_name_key', 'last_name_key', '_id'],
  email: ['email', '_id'],
  customer_permission: ['customer_permission', 'last_name_key', 'first_name_key', '_id'],
  last_activity: ['last_activity', 'last_name_key', 'first_name_key', '_id'],
};

export function userListSort(sortBy: UserListSortKey, descending: boolean): SortSpec {
  return Object.fromEntries(ORDERS[sortBy].map((key) => [key, descending ? -1 : 1]));
}

/**
 * Orders a handful of users as the store orders them by `sort` (a missing or null key first, as MongoDB
 * does; text by code point, as SQLite compares UTF-8): a search that found few users sorts them here
 * rather than asking the store to walk an order's index for them.
 */
export function inListOrder(users: readonly UserDocument[], sort: SortSpec): UserDocument[] {
  const keys = Object.entries(sort);
  const compare = (a: unknown, b: unknown): number => {
    const absentA = a === null || a === undefined;
    const absentB = b === null || b === undefined;
    if (absentA || absentB) return absentA === absentB ? 0 : absentA ? -1 : 1;
    const [x, y] = [String(a), String(b)];
    const [cx, cy] = [[...x], [...y]];
    for (let index = 0; index < Math.min(cx.length, cy.length); index++) {
      const difference = cx[index]!.codePointAt(0)! - cy[index]!.codePointAt(0)!;
      if (difference) return difference;
    }
    return cx.length - cy.length;
  };
  return [...users].sort((a, b) => {
    for (const [key, direction] of keys) {
      const order = compare((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
      if (order) return order * direction;
    }
    return 0;
  });
}

const keysOf = (keys: readonly string[]): Record<string, 1> => Object.fromEntries(keys.map((key) => [key, 1]));

/**
 * Every order within one group (a group's own users, or each group of a subtree read in turn) and over
 * the whole organisation (the root group's users with all=true); SQLite reads an index backwards for
 * the descending orders. The address string's indexes let a search test each label in an index
 * rather than in each user's document.
 */
export const USER_LIST_INDEXES: readonly IndexSpec[] = [
  ...Object.values(ORDERS).map((keys) => ({ keys: keysOf(['customer_group', ...keys]) })),
  ...Object.values(ORDERS).map((keys) => ({ keys: keysOf(keys) })),
  { keys: { customer_group: 1, address_string: 1 } },
  { keys: { address_string: 1 } },
];


/** `field`=`value`: text compares in any case (emails and the name keys are stored in lower case). */
function attributeFilter(field: UserListFilterField, value: string): Filter {
  switch (field) {
    case 'email':
      return { email: value.toLowerCase() };
    case 'first_name':
      return { first_name_key: value.toLowerCase() };
    case 'last_name':
      return { last_name_key: value.toLowerCase() };
    case 'customer_permission':
      return { customer_permission: value.toUpperCase() };
    case 'is_active':
    case 'is_message_recipient':
      // Documents projected before the flags existed hold neither: both were on.
      return value.toLowerCase() === 'true' ? { [field]: { $ne: false } } : { [field]: false };
  }
}

const missingFilter = (field: UserListMissingValueField): Filter => (field === 'last_activity' ? { last_activity: null } : { [field]: { $in: [null, ''] } });

/** `field` and `search_by_missing_value` name an attribute, or else (the schema has checked it) a contact field's id. */
const ATTRIBUTES: ReadonlySet<string> = new Set([...USER_LIST_FILTER_FIELDS, ...USER_LIST_MISSING_VALUE_FIELDS]);

/** Users holding this value of the contact field: the value's key, in any case (an option's id for a select field). */
const contactFieldFilter = (fieldId: string, value: string): Filter => ({ field_value_keys: fieldValueKey(fieldId, value) });

/** Users with no value of the contact field (documents projected before values existed hold none). */
const contactFieldMissingFilter = (fieldId: string): Filter => ({ valued_fields: { $ne: fieldId } });

const present = (text: string | undefined): string | null => (text === undefined || text.trim() === '' ? null : text.trim());

/** The attribute filters of the query string (the schema has checked them); the reader adds the groups and the search. */
export function userListFilter(query: UserListQueryParams): Filter[] {
  const filters: Filter[] = [];
  const field = present(query.field) as UserListFilterField | null;
  const value = present(query.value);
  if (field && value !== null) filters.push(ATTRIBUTES.has(field) ? attributeFilter(field, value) : contactFieldFilter(field, value));
  const missing = present(query.search_by_missing_value) as UserListMissingValueField | null;
  if (missing) filters.push(ATTRIBUTES.has(missing) ? missingFilter(missing) : contactFieldMissingFilter(missing));
  return filters;
}

export const userListSearch = (query: UserListQueryParams): string | null => present(query.search_by_address_string);

/**
 * Users whose address string contains the text, in any case. `indexed`: bounded to text as well
 * (every address string is), which lets SQLite test the labels in the address string's index, the
 * quick way to find few matches; a page of many matches is quicker read in list order.
 */
export const addressSearchFilter = (search: string, indexed: boolean): Filter => ({
  address_string: { ...(indexed ? { $gte: '' } : {}), $regex: escapeRegExp(search), $options: 'i' },
});

export interface UserListPaging {
  readonly pageSize: number;
  readonly page: number;
}

export function userListPaging(query: UserListQueryParams): UserListPaging {
  const number = (text: string | undefined, fallback: number) => (present(text) === null ? fallback : Number(text));
  return { pageSize: number(query.items_per_page, USER_LIST_DEFAULT_PAGE_SIZE), page: number(query.page_number, 1) };
}

export const userListSortKey = (query: UserListQueryParams): UserListSortKey => (present(query.sort_by) as UserListSortKey | null) ?? 'last_name';
