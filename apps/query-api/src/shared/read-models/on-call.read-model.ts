import { READ_MODELS } from '@beacon/contracts';
import { DAY_MS, ON_CALL_PERIOD_MAX_DAYS } from '@beacon/domain';
import type { Document, IndexSpec } from '@beacon/read-store';

/** One document per on-call period. */
export const ON_CALL_PERIODS = READ_MODELS.onCallPeriods;
/**
 * One document per on-call period and UTC day it touches: "who is on call at T" reads the day of T
 * only, whatever the history holds before it or the roster plans after it.
 */
export const ON_CALL_PERIOD_DAYS = 'on_call_period_days';
/** One document per customer group whose on-call settings were saved. */
export const ON_CALL_SETTINGS = READ_MODELS.onCallSettings;

export interface OnCallPeriodDocument extends Document {
  /** The user's id. */
  user: string;
  /** The user's group when the period was last recorded (the users read model has where they are now). */
  customer_group: string;
  /** ISO 8601 in UTC, to the second. */
  start_date: string;
  end_date: string;
  /** The same instants in epoch milliseconds, for ranges. */
  start: number;
  end: number;
}

export interface OnCallPeriodDayDocument extends OnCallPeriodDocument {
  /** The period's id. */
  period: string;
  /** Days since the epoch (UTC). */
  day: number;
}

export interface OnCallSettingsDocument extends Document {
  on_call_settings: { display_fields: string[]; filter_fields: string[] };
  /** A list, so option ids never become keys. */
  options_staffing: { option: string; value: number }[];
}

/**
 * Periods by user then start: a user's weeks, and the periods of a page of users. By start alone: a
 * group's roster in time order. A period overlapping [from, to) starts after from less the longest a
 * period lasts, which bounds every range read.
 */
export const ON_CALL_PERIOD_INDEXES: readonly IndexSpec[] = [{ keys: { user: 1, start: 1 } }, { keys: { start: 1 } }];
/**
 * A day's periods by start, with their end in the index too, so "on call at T" tests both ends in the
 * index and reads only the documents of those on call; and by user then day, so the few users of a
 * team find their periods of a day without reading the whole organisation's.
 */
export const ON_CALL_PERIOD_DAY_INDEXES: readonly IndexSpec[] = [{ keys: { day: 1, start: 1, end: 1 } }, { keys: { user: 1, day: 1 } }];

export const LONGEST_PERIOD_MS = ON_CALL_PERIOD_MAX_DAYS * DAY_MS;

/** The day (since the epoch, UTC) an instant falls on. */
export const dayOf = (instant: number) => Math.floor(instant / DAY_MS);

/** The filter of periods overlapping [from, to), its start bounded so an index on start serves it. */
export const overlapping = (from: number, to: number) => ({ start: { $gt: from - LONGEST_PERIOD_MS, $lt: to }, end: { $gt: from } });
