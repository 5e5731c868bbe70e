import { Inject, Injectable } from '@nestjs/common';
import { onCallRosterDecider, onCallRosterStream, type OnCallRosterCommand, type OnCallRosterEvent, type OnCallRosterState, type TimeSpan } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { CommandExecutor, type CommandOutcome, type Principal } from '@beacon/platform';
import type { OnCallUser } from './on-call-users';
import { StaffingWarnings, type RosterChange } from './staffing-warnings';

/** A period as the writes answer it. */
export interface WrittenPeriod {
  readonly periodId: string;
  readonly userId: string;
  readonly startDate: string;
  readonly endDate: string;
}

export type RosterOutcome = CommandOutcome<OnCallRosterEvent, OnCallRosterState>;

/** What a write of one period answers: where it was recorded, the period as it now stands (none once removed), the staffing warnings. */
export interface OnCallPeriodOutcome {
  readonly position: number;
  readonly period: WrittenPeriod | null;
  readonly warnings: string[];
}

/** The periods an outcome recorded (added or changed), as the writes answer them. */
export const writtenPeriods = (outcome: RosterOutcome): WrittenPeriod[] =>
  outcome.events.flatMap((event) =>
    event.type === 'OnCallPeriodRemoved' ? [] : [{ periodId: event.data.periodId, userId: event.data.userId, startDate: event.data.startDate, endDate: event.data.endDate }],
  );

/** The time an outcome's events touched: each period's new times, and a changed or removed period's old ones. */
export function touchedBy(outcome: RosterOutcome): TimeSpan[] {
  return outcome.events.flatMap((event) => {
    const spans = [{ start: Date.parse(event.data.startDate), end: Date.parse(event.data.endDate) }];
    if (event.type === 'OnCallPeriodChanged') spans.push({ start: Date.parse(event.data.previousStartDate), end: Date.parse(event.data.previousEndDate) });
    return spans;
  });
}

/** What the staffing warnings need of an outcome on a user's roster. */
export const rosterChange = (target: OnCallUser, outcome: RosterOutcome): RosterChange => ({
  userId: target.user.userId,
  customerGroupId: target.user.customerGroupId,
  touched: touchedBy(outcome),
  periods: outcome.state.periods.values(),
});

/**
 * Writes to users' rosters (stream `on_call-<userId>`: one user's periods, decided together with
 * optimistic concurrency), and the staffing warnings of what was written.
 */
@Injectable()
export class OnCallRosters {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(StaffingWarnings) private readonly staffing: StaffingWarnings,
  ) {}

  /** The command on the user's roster, as the caller; `history`, when the caller read the stream just before. */
  run(principal: Principal, target: OnCallUser, command: OnCallRosterCommand, commandId?: string, history?: readonly RecordedEvent[]): Promise<RosterOutcome> {
    return this.executor.execute(
      onCallRosterStream(target.user.userId),
      onCallRosterDecider,
      command,
      { commandId, tenantId: target.user.rootId, customerGroupId: target.user.customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
      history ? { history } : {},
    );
  }

  /** The user's roster stream as it stands. */
  history(userId: string): Promise<RecordedEvent[]> {
    return this.executor.readStreamOrEmpty(onCallRosterStream(userId));
  }

  warnings(principal: Principal, position: number, changes: readonly RosterChange[]): Promise<string[]> {
    return this.staffing.after(principal, position, changes);
  }
}
