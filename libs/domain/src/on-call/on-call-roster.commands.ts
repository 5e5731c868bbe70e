/**
 * Commands on one user's on-call periods (stream `on_call-<userId>`): every period of a user is
 * decided in one place, so two overlapping periods can never both be recorded. Times arrive as the
 * API's edge parsed them (ISO 8601 with an offset); `timeZone` is the one the user reads times in,
 * for the messages that name another period's times.
 */

interface OfUser {
  readonly userId: string;
  /** The user's customer group now: what the events name. */
  readonly customerGroupId: string;
}

interface Times {
  readonly startDate: string;
  readonly endDate: string;
  readonly timeZone: string;
}

/** POST /api/on_call_period/ and, per user, POST /api/on_call_period/assign/entire/. */
export interface AddOnCallPeriod {
  readonly type: 'AddOnCallPeriod';
  readonly data: OfUser & Times;
}

/** PUT /api/on_call_period/{on_call_period_id}/ */
export interface ChangeOnCallPeriod {
  readonly type: 'ChangeOnCallPeriod';
  readonly data: OfUser & Times & { readonly periodId: string };
}

/** DELETE /api/on_call_period/{id}/ */
export interface RemoveOnCallPeriod {
  readonly type: 'RemoveOnCallPeriod';
  readonly data: OfUser & { readonly periodId: string };
}

/** Per user, POST /api/on_call_period/assign/parts/: the parts of the period the user is free in, each a period. */
export interface AssignFreeOnCallParts {
  readonly type: 'AssignFreeOnCallParts';
  readonly data: OfUser & Times;
}

export type OnCallRosterCommand = AddOnCallPeriod | ChangeOnCallPeriod | RemoveOnCallPeriod | AssignFreeOnCallParts;
