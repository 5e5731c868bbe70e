/** Shapes of the user calls (spec part 2 section 7 "Users and on call"). */

import type { ContactFieldType } from '@beacon/domain';
import type { LoggedUserDto } from './session.dto';

/**
 * One contact field of the user's customer group and the user's values of it (spec part 2 §3 "Field
 * values"): their devices (phone and email fields) and data. Every field that applies to the user's
 * group is listed, in the fields list's order, with `values` empty when the user has none.
 */
export interface UserFieldValueDto {
  /** The contact field's id. */
  field: string;
  field_type: ContactFieldType;
  /** The field's label. */
  field_value_label: string;
  /** The user's id. */
  user: string;
  /** Phone numbers in E.164, emails in lower case, the chosen options' ids for SINGLESELECT and MULTISELECT. */
  values: string[];
  /** The chosen options' labels, joined by ", " (select fields with a value); null otherwise. */
  option_label: string | null;
  /**
   * SINGLESELECT and MULTISELECT only: the options the user's group offers, in the field's order, so a
   * screen can offer them to anyone who may edit the user (data users and users editing themselves
   * cannot read the group's fields list).
   */
  options?: UserFieldOptionDto[];
}

/** An option a select field offers the user's group. */
export interface UserFieldOptionDto {
  id: string;
  label: string;
}

/** A contact field defined in a group below the signed-in user's. */
export interface DescendantFieldDto {
  id: string;
  label: string;
  field_type: ContactFieldType;
  customer_group: string;
}

/** GET /api/user/self/: the signed-in user; with ?descendant_fields=true their values and the fields below them. */
export interface UserSelfDto extends LoggedUserDto {
  custom_fields?: UserFieldValueDto[];
  descendant_fields?: DescendantFieldDto[];
}

/** One field's values in POST and PUT /api/user/ `custom_fields`; an empty list clears the field. */
export interface UserFieldValueInputDto {
  field: string;
  values: string[];
}

/** GET /api/user/{id}/?custom_fields=true */
export interface UserDto extends LoggedUserDto {
  /** Consecutive failed sign-ins; from LOGIN_LOCKOUT_ATTEMPTS on, each one locks the user for a while. */
  failed_attempts: number;
  /** Sign-in is refused now, until `locked_until`. */
  is_locked: boolean;
  /** End of the latest lock (ISO 8601), past or not; null when none since the count last started again. */
  locked_until: string | null;
  /** Password reset requests since the last successful reset or admin clearing. */
  password_reset_attempts: number;
  two_factor_enabled: boolean;
  /** Time of the user's last authenticated call (ISO 8601), null when never signed in. */
  last_activity: string | null;
  /** Whether the user is active (true unless an admin or data user turned it off). */
  is_active: boolean;
  /** Whether messages reach the user (true unless turned off). */
  is_message_recipient: boolean;
  /** Present with ?custom_fields=true (and in the answers of POST and PUT /api/user/). */
  custom_fields?: UserFieldValueDto[];
}

/** POST /api/user/{id}/impersonate/ (admin): a one-time link to sign in as the user. */
export interface ImpersonationTokenDto {
  /** Single-use; exchange it at POST /api/rest-auth/impersonate_login/. */
  token: string;
  /** The console route that exchanges it. */
  login_url: string;
  expires_at: string;
}

/** GET /api/customer_group/{id}/users/: users per page when items_per_page is left out, and the most a page holds. */
export const USER_LIST_DEFAULT_PAGE_SIZE = 10;
export const USER_LIST_MAX_PAGE_SIZE = 100;

/** What the user list sorts by (`sort_by`); each sorts ties by last name, first name, then id. */
export const USER_LIST_SORT_KEYS = ['last_name', 'first_name', 'email', 'customer_permission', 'last_activity'] as const;
export type UserListSortKey = (typeof USER_LIST_SORT_KEYS)[number];

/** The user attributes `field`=`value` filters by (contact field values are not on users yet). */
export const USER_LIST_FILTER_FIELDS = ['email', 'first_name', 'last_name', 'customer_permission', 'is_active', 'is_message_recipient'] as const;
export type UserListFilterField = (typeof USER_LIST_FILTER_FIELDS)[number];

/** The attributes `search_by_missing_value` asks about: users whose attribute is empty (last_activity: never signed in). */
export const USER_LIST_MISSING_VALUE_FIELDS = ['email', 'first_name', 'last_name', 'last_activity'] as const;
export type UserListMissingValueField = (typeof USER_LIST_MISSING_VALUE_FIELDS)[number];

/** A user of the list: as GET /api/user/{id}/ answers, with the label the console shows. */
export interface UserListItemDto extends UserDto {
  /** "First Last <email>": what search_by_address_string searches. */
  address_string: string;
}

/** GET /api/customer_group/{id}/users/ */
export interface UserListPageDto {
  data: UserListItemDto[];
  /** Users that match, on every page. */
  count: number;
  number_of_pages: number;
  page_number: number;
  items_per_page: number;
  /** Only when nothing matches: "The filter criteria does not match any results." */
  detail?: string;
}
