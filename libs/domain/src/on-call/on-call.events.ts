import type { DomainEvent } from '../shared/decider';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const ON_CALL_EVENT_VERSIONS = {
  OnCallPeriodAdded: 1,
  OnCallPeriodChanged: 1,
  OnCallPeriodRemoved: 1,
  OnCallSettingsChanged: 1,
} as const;

/**
 * Every period event names its user and the customer group the user was in when it was recorded
 * (the activity log's group and the live updates' room); times are ISO 8601 in UTC, to the second.
 */
interface OfPeriod {
  readonly userId: string;
  readonly customerGroupId: string;
  readonly periodId: string;
  readonly startDate: string;
  readonly endDate: string;
}

/** The user is on call from startDate (inclusive) to endDate (exclusive). */
export type OnCallPeriodAdded = DomainEvent<'OnCallPeriodAdded', OfPeriod>;

/** The period now runs from startDate to endDate; it ran from previousStartDate to previousEndDate. */
export type OnCallPeriodChanged = DomainEvent<'OnCallPeriodChanged', OfPeriod & { readonly previousStartDate: string; readonly previousEndDate: string }>;

/** The period is gone (its times kept, for the activity log and the read models). */
export type OnCallPeriodRemoved = DomainEvent<'OnCallPeriodRemoved', OfPeriod>;

export type OnCallRosterEvent = OnCallPeriodAdded | OnCallPeriodChanged | OnCallPeriodRemoved;

/** What the on-call screens of a customer group show and filter by (spec part 2 §3 `on_call_settings`). */
export interface OnCallSettingsMap {
  /** Contact fields shown as columns on the on-call screens and in the roster export, in this order. */
  readonly display_fields: readonly string[];
  /** Contact fields the on-call screens offer as filters, in this order. */
  readonly filter_fields: readonly string[];
}

/** A staffing minimum: at least `value` users holding the option on call at any time. */
export interface OptionStaffing {
  readonly optionId: string;
  readonly value: number;
}

/** POST /api/customer_group_on_call_settings/{id}/: the group's on-call settings and staffing minima, as now saved (whole). */
export type OnCallSettingsChanged = DomainEvent<
  'OnCallSettingsChanged',
  { readonly customerGroupId: string; readonly onCallSettings: OnCallSettingsMap; readonly optionsStaffing: readonly OptionStaffing[] }
>;

export type OnCallSettingsEvent = OnCallSettingsChanged;
