import type { OnCallRosterEvent } from './on-call.events';

/** A period as the decider keeps it: epoch milliseconds, start inclusive, end exclusive. */
export interface RosterPeriod {
  readonly periodId: string;
  readonly start: number;
  readonly end: number;
}

export interface OnCallRosterState {
  /** By period id (a Map, so an id such as "__proto__" finds nothing). */
  readonly periods: ReadonlyMap<string, RosterPeriod>;
  /** How many periods the user has ever had: the next period's number (ids are never reused). */
  readonly periodCount: number;
}

export const initialOnCallRosterState = (): OnCallRosterState => ({ periods: new Map(), periodCount: 0 });

/**
 * A period's id is its user's id and its number in the user's roster ("<user id>.<n>"): the period
 * calls name only the period, and this finds the user's stream without a lookup. Ids are opaque to callers.
 */
export const onCallPeriodId = (userId: string, number: number) => `${userId}.${number}`;

/** The user a period id names, or null when the id is not of that shape. */
export function userIdOfOnCallPeriod(periodId: string): string | null {
  const match = /^(.+)\.[1-9]\d{0,8}$/.exec(periodId);
  return match ? match[1]! : null;
}

const periodOf = (data: { periodId: string; startDate: string; endDate: string }): RosterPeriod => ({
  periodId: data.periodId,
  start: Date.parse(data.startDate),
  end: Date.parse(data.endDate),
});

export function evolveOnCallRoster(state: OnCallRosterState, event: OnCallRosterEvent): OnCallRosterState {
  switch (event.type) {
    case 'OnCallPeriodAdded':
      return { periods: new Map(state.periods).set(event.data.periodId, periodOf(event.data)), periodCount: state.periodCount + 1 };
    case 'OnCallPeriodChanged':
      return { ...state, periods: new Map(state.periods).set(event.data.periodId, periodOf(event.data)) };
    case 'OnCallPeriodRemoved': {
      const periods = new Map(state.periods);
      periods.delete(event.data.periodId);
      return { ...state, periods };
    }
  }
}
