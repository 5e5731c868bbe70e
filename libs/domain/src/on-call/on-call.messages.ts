import { toDisplayTime } from './on-call-time';

/** The texts of the on-call rules, each written once. */

/** The longest period a user may be on call in one go. */
export const ON_CALL_PERIOD_MAX_DAYS = 366;
/** Periods lie between these instants (ISO): anything outside is a typing slip, not a roster. */
export const ON_CALL_EARLIEST = '2000-01-01T00:00:00Z';
export const ON_CALL_LATEST = '2100-01-01T00:00:00Z';

export const PERIOD_DETAIL = 'Invalid on-call period.';
export const END_NOT_AFTER_START = 'The end must be after the start.';
export const PERIOD_TOO_LONG = `A period lasts at most ${ON_CALL_PERIOD_MAX_DAYS} days.`;
export const TIME_OUT_OF_RANGE = 'Enter a time between 01/01/2000 and 01/01/2100.';
export const WHOLE_SECONDS_ONLY = 'On-call times are kept to the second: leave out fractions of a second.';
export const NOT_AN_ISO_TIME = 'Enter a date and time in ISO 8601 with an offset, for example 2026-11-26T18:00:00Z.';
export const PERIOD_USER_FIXED = 'A period stays with its user: add a period for the other user instead.';

/** Times in a message: DD/MM/YYYY HH:mm:ss in the zone. */
export const timesText = (start: number, end: number, timeZone: string) =>
  `from ${toDisplayTime(start, timeZone)} to ${toDisplayTime(end, timeZone)} (${timeZone})`;

export const overlapsPeriod = (start: number, end: number, timeZone: string) =>
  `This period overlaps the user's on-call period ${timesText(start, end, timeZone)}.`;

/** POST /api/on_call_period/assign/entire/ refused: who is on call already, and when. */
export const ASSIGN_ENTIRE_DETAIL = 'Some of the users are on call during this period already: nobody was assigned.';
export const userOverlaps = (name: string, start: number, end: number, timeZone: string) =>
  `${name} is on call ${timesText(start, end, timeZone)}.`;

export const SETTINGS_DETAIL = 'Invalid on-call settings.';
export const notAnOnCallField = (key: string, fieldId: string) =>
  `${key}: "${fieldId.slice(0, 64)}" is not an on-call data field of this customer group.`;
export const repeatedField = (key: string, fieldId: string) => `${key}: "${fieldId.slice(0, 64)}" is listed more than once.`;
/** A minimum staffing value where the organisation lacks the feature. */
export const STAFFING_NOT_ALLOWED = 'Minimum staffing requirements are not available to this organisation: every minimum must be 0.';

export const notAStaffableOption = (optionId: string) =>
  `"${optionId.slice(0, 64)}" is not an option of a single or multiple choice field this customer group offers.`;
