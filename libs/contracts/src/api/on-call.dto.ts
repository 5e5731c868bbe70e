/**
 * Shapes of the on-call calls (spec part 2 §3 "On-call settings", §7 "On call" and "Users and on
 * call"). Times are ISO 8601: instants in UTC to the second (`2026-11-26T18:00:00Z`), week bounds
 * with the offset of the zone they are read in (`2026-03-30T00:00:00+01:00`). Screens show them as
 * DD/MM/YYYY HH:mm:ss through libs/domain's `toDisplayTime` and read typed times with `fromDisplayTime`.
 */

import type { ContactFieldType } from '@beacon/domain';

/** `on_call_settings`: what the group's on-call screens show and filter by (contact field ids, in order). */
export interface OnCallSettingsMapDto {
  /** Columns of the on-call screens and of the roster export. */
  display_fields: string[];
  /** Filters the on-call screens offer. */
  filter_fields: string[];
}

/** An option of an on-call data field. */
export interface OnCallFieldOptionDto {
  id: string;
  label: string;
  /** Excluded for the group (excluded_options_by_group): no staffing minimum may count it. */
  excluded: boolean;
}

/**
 * One of the group's on-call data fields: a contact field of any type but the five device types
 * (PHONE(SMS), PHONE(SMS&VOICE), PHONE(VOICE), EMAIL, PAGER).
 */
export interface OnCallDataFieldDto {
  id: string;
  label: string;
  field_type: ContactFieldType;
  /** The group the field is defined in. */
  customer_group: string;
  /** Defined in an ancestor of the group. */
  is_inherited: boolean;
  /**
   * Defined in a descendant of the group: it applies to none of the group's own users, only to the
   * users below, so it shows in the group's on-call report and roster only. Listed first.
   */
  reports_only: boolean;
  options: OnCallFieldOptionDto[];
}

/** GET /api/customer_group_on_call_settings/{id}/ */
export interface OnCallSettingsDto {
  customer_group: string;
  on_call_settings: OnCallSettingsMapDto;
  /** Staffing minimum by option id: at least that many users holding the option on call at any time. */
  options_staffing: Record<string, number>;
  /** The group's on-call data fields: reports-only fields first, then those that apply to the group (root's first). */
  fields: OnCallDataFieldDto[];
}

/** POST /api/customer_group_on_call_settings/{id}/ answers the settings as saved. */
export type OnCallSettingsSavedDto = Omit<OnCallSettingsDto, 'fields'>;

/** POST /api/customer_group_on_call_settings/{id}/: each member optional; keys of on_call_settings left out keep theirs. */
export interface ChangeOnCallSettingsRequestDto {
  on_call_settings?: Partial<OnCallSettingsMapDto>;
  /** Replaces every minimum; {} removes them all. */
  options_staffing?: Record<string, number>;
}

/** GET /api/retrieve_on_call_staffing/{id}/: one (option, value) pair per minimum. */
export interface OnCallStaffingDto {
  option: string;
  value: number;
  /** The option's label, and its field's. */
  option_label: string;
  field: string;
  field_label: string;
}

export interface OnCallPeriodDto {
  on_call_period_id: string;
  start_date: string;
  end_date: string;
}

/** A week of GET /api/user_on_call/{id}/: Monday 00:00 to the next Monday 00:00 in the user's time zone. */
export interface OnCallWeekDto {
  start_date: string;
  end_date: string;
  /** The user's periods that overlap the week (a period across two weeks is in both), earliest first. */
  periods: OnCallPeriodDto[];
}

/** POST /api/on_call_period/ */
export interface CreateOnCallPeriodRequestDto {
  user: string;
  start_date: string;
  end_date: string;
}

/** PUT /api/on_call_period/{on_call_period_id}/ (`user`, when sent, must be the period's). */
export interface ChangeOnCallPeriodRequestDto {
  start_date: string;
  end_date: string;
  user?: string;
}

/**
 * Staffing warnings (with the root permission "Minimum staffing requirements"): for each staffing
 * minimum the change touched, each stretch with fewer on call than needed, e.g. "Driver: 1 on call, 2
 * needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00" (in the short group's time zone). Never blocks the change.
 */
export interface StaffingWarningsDto {
  warnings: string[];
}

/** POST and PUT /api/on_call_period/ */
export interface OnCallPeriodChangeDto extends OnCallPeriodDto, StaffingWarningsDto {
  user: string;
}

/** DELETE /api/on_call_period/{id}/ */
export type OnCallPeriodRemovalDto = StaffingWarningsDto;

/** POST /api/on_call_period/assign/entire/ and /parts/ */
export interface AssignOnCallRequestDto {
  users: string[];
  start_date: string;
  end_date: string;
}

/** One user's outcome of an assignment. */
export interface AssignedUserDto {
  user: string;
  /** The periods recorded for the user: the whole period (entire), or the parts the user was free in (parts; none when on call throughout). */
  periods: OnCallPeriodDto[];
  /**
   * Only when a change to the user's periods made at the same moment (after the check) now overlaps:
   * what was refused; the others were assigned all the same.
   */
  error?: string;
}

export interface AssignOnCallDto extends StaffingWarningsDto {
  results: AssignedUserDto[];
}

/** A user of GET /api/assign_users_on_call/{id}/: active and a message recipient. */
export interface AssignableUserDto {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  customer_group: string;
  /** On call at some time of the asked range. */
  is_on_call: boolean;
  /** The user's periods that overlap the range. */
  periods: OnCallPeriodDto[];
}

export interface AssignableUsersPageDto {
  start_date: string;
  end_date: string;
  count: number;
  page_number: number;
  items_per_page: number;
  results: AssignableUserDto[];
}

/** A user on call at the asked moment. */
export interface OnCallRecipientDto {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  customer_group: string;
  on_call_period_id: string;
  start_date: string;
  end_date: string;
}

/** GET /api/customer_group/on_call_recipients/{id}/ */
export interface OnCallRecipientsDto {
  at: string;
  count: number;
  results: OnCallRecipientDto[];
}
