import { FieldMessages } from '../incident-settings/incident-settings.input';
import type { Decider } from '../shared/decider';
import { DomainError, notFound } from '../shared/domain-errors';
import { DAY_MS, isoInstant } from './on-call-time';
import type { AddOnCallPeriod, AssignFreeOnCallParts, ChangeOnCallPeriod, OnCallRosterCommand, RemoveOnCallPeriod } from './on-call-roster.commands';
import { evolveOnCallRoster, initialOnCallRosterState, onCallPeriodId, type OnCallRosterState, type RosterPeriod } from './on-call-roster.state';
import type { OnCallRosterEvent } from './on-call.events';
import {
  END_NOT_AFTER_START,
  NOT_AN_ISO_TIME,
  ON_CALL_EARLIEST,
  ON_CALL_LATEST,
  ON_CALL_PERIOD_MAX_DAYS,
  overlapsPeriod,
  PERIOD_DETAIL,
  PERIOD_TOO_LONG,
  TIME_OUT_OF_RANGE,
  WHOLE_SECONDS_ONLY,
} from './on-call.messages';

const EARLIEST = Date.parse(ON_CALL_EARLIEST);
const LATEST = Date.parse(ON_CALL_LATEST);

/** A span of time: epoch milliseconds, start inclusive, end exclusive. */
export interface TimeSpan {
  readonly start: number;
  readonly end: number;
}

/** Two spans overlap when each starts before the other ends: a period may start when another ends. */
export const spansOverlap = (a: TimeSpan, b: TimeSpan) => a.start < b.end && b.start < a.end;

function instantOf(messages: FieldMessages, field: string, text: string): number | null {
  const instant = Date.parse(text);
  if (!Number.isFinite(instant)) messages.add(field, NOT_AN_ISO_TIME);
  else if (instant % 1000 !== 0) messages.add(field, WHOLE_SECONDS_ONLY);
  else if (instant < EARLIEST || instant > LATEST) messages.add(field, TIME_OUT_OF_RANGE);
  else return instant;
  return null;
}

/**
 * The span the command's times give: each a whole second between 2000 and 2100, the end after the
 * start, at most ON_CALL_PERIOD_MAX_DAYS long. Every problem at once (400 naming start_date and end_date).
 */
export function periodSpan(times: { readonly startDate: string; readonly endDate: string }): TimeSpan {
  const messages = new FieldMessages();
  const start = instantOf(messages, 'start_date', times.startDate);
  const end = instantOf(messages, 'end_date', times.endDate);
  if (start !== null && end !== null) {
    if (end <= start) messages.add('end_date', END_NOT_AFTER_START);
    else if (end - start > ON_CALL_PERIOD_MAX_DAYS * DAY_MS) messages.add('end_date', PERIOD_TOO_LONG);
  }
  messages.check(PERIOD_DETAIL);
  return { start: start!, end: end! };
}

/** The user's periods that overlap the span, earliest first (`except` left out: the period being changed). */
export function overlappingPeriods(state: OnCallRosterState, span: TimeSpan, except?: string): RosterPeriod[] {
  return [...state.periods.values()].filter((period) => period.periodId !== except && spansOverlap(period, span)).sort((a, b) => a.start - b.start);
}

/** The 400 for a span that overlaps one of the user's periods: its times in the user's zone, and the period itself. */
function refuseOverlap(state: OnCallRosterState, span: TimeSpan, timeZone: string, except?: string): void {
  const [clash] = overlappingPeriods(state, span, except);
  if (!clash) return;
  const message = overlapsPeriod(clash.start, clash.end, timeZone);
  throw new DomainError(
    'validation',
    message,
    { non_field_errors: [message] },
    { clashing_period: { on_call_period_id: clash.periodId, start_date: isoInstant(clash.start), end_date: isoInstant(clash.end) } },
  );
}

/** The parts of the span no period covers, earliest first. */
export function freeParts(state: OnCallRosterState, span: TimeSpan): TimeSpan[] {
  const parts: TimeSpan[] = [];
  let from = span.start;
  for (const period of overlappingPeriods(state, span)) {
    if (period.start > from) parts.push({ start: from, end: period.start });
    from = Math.max(from, period.end);
  }
  if (from < span.end) parts.push({ start: from, end: span.end });
  return parts;
}

function added(command: { data: { userId: string; customerGroupId: string } }, state: OnCallRosterState, spans: readonly TimeSpan[]): OnCallRosterEvent[] {
  const { userId, customerGroupId } = command.data;
  return spans.map((span, index) => ({
    type: 'OnCallPeriodAdded',
    data: { userId, customerGroupId, periodId: onCallPeriodId(userId, state.periodCount + index + 1), startDate: isoInstant(span.start), endDate: isoInstant(span.end) },
  }));
}

function addOnCallPeriod(command: AddOnCallPeriod, state: OnCallRosterState): OnCallRosterEvent[] {
  const span = periodSpan(command.data);
  refuseOverlap(state, span, command.data.timeZone);
  return added(command, state, [span]);
}

function periodOf(state: OnCallRosterState, periodId: string): RosterPeriod {
  const period = state.periods.get(periodId);
  if (!period) throw notFound();
  return period;
}

function changeOnCallPeriod(command: ChangeOnCallPeriod, state: OnCallRosterState): OnCallRosterEvent[] {
  const { userId, customerGroupId, periodId, timeZone } = command.data;
  const period = periodOf(state, periodId);
  const span = periodSpan(command.data);
  refuseOverlap(state, span, timeZone, periodId);
  if (span.start === period.start && span.end === period.end) return [];
  return [
    {
      type: 'OnCallPeriodChanged',
      data: {
        userId,
        customerGroupId,
        periodId,
        startDate: isoInstant(span.start),
        endDate: isoInstant(span.end),
        previousStartDate: isoInstant(period.start),
        previousEndDate: isoInstant(period.end),
      },
    },
  ];
}

function removeOnCallPeriod(command: RemoveOnCallPeriod, state: OnCallRosterState): OnCallRosterEvent[] {
  const { userId, customerGroupId, periodId } = command.data;
  const period = periodOf(state, periodId);
  return [{ type: 'OnCallPeriodRemoved', data: { userId, customerGroupId, periodId, startDate: isoInstant(period.start), endDate: isoInstant(period.end) } }];
}

/** The parts of the span the user is free in, each a period of its own; none when the user is on call throughout. */
function assignFreeOnCallParts(command: AssignFreeOnCallParts, state: OnCallRosterState): OnCallRosterEvent[] {
  return added(command, state, freeParts(state, periodSpan(command.data)));
}

export function decideOnCallRoster(command: OnCallRosterCommand, state: OnCallRosterState): OnCallRosterEvent[] {
  switch (command.type) {
    case 'AddOnCallPeriod':
      return addOnCallPeriod(command, state);
    case 'ChangeOnCallPeriod':
      return changeOnCallPeriod(command, state);
    case 'RemoveOnCallPeriod':
      return removeOnCallPeriod(command, state);
    case 'AssignFreeOnCallParts':
      return assignFreeOnCallParts(command, state);
  }
}

export const onCallRosterDecider: Decider<OnCallRosterCommand, OnCallRosterEvent, OnCallRosterState> = {
  decide: decideOnCallRoster,
  evolve: evolveOnCallRoster,
  initialState: initialOnCallRosterState,
};

export const onCallRosterStream = (userId: string) => `on_call-${userId}`;
