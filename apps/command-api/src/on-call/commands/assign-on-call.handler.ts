import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ASSIGN_ENTIRE_DETAIL,
  DomainError,
  foldEvents,
  onCallRosterDecider,
  overlappingPeriods,
  periodSpan,
  userOverlaps,
  validationError,
  type OnCallRosterEvent,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { OnCallRosters, rosterChange, writtenPeriods, type RosterOutcome } from '../on-call-rosters';
import { OnCallUsers, userName, type OnCallUser } from '../on-call-users';
import type { RosterChange } from '../staffing-warnings';
import { AssignOnCallCommand, type AssignedUser, type AssignOnCallOutcome } from './assign-on-call.command';

interface Planned {
  readonly target: OnCallUser;
  readonly history: RecordedEvent[];
  /** The command id of the write on this user's roster (a retry finds what it recorded by it). */
  readonly commandId: string | undefined;
}

/**
 * POST /api/on_call_period/assign/entire/ and /parts/: several users of the caller's reach (any other
 * answers 404 and nobody is assigned) put on call for one period, each user's roster its own stream.
 * `entire` reads every roster first and, when any user is on call during the period already, answers
 * 400 naming each of them with the clashing times (in the user's zone) and records nothing; otherwise
 * it records the period on each roster, deciding each on what it just read. A roster changed by
 * someone else in between is read again and decided again: should the period now overlap there, that
 * user alone is refused (`error` in their result) while the others keep theirs; the answer says so
 * rather than undoing them. `parts` gives each user a period for each stretch their own periods leave
 * free (none when they are on call throughout). With the same Idempotency-Key a retry records nothing
 * again (each roster's write has its own command id, `<key>/<user>`).
 */
@CommandHandler(AssignOnCallCommand)
export class AssignOnCallHandler implements ICommandHandler<AssignOnCallCommand, AssignOnCallOutcome> {
  constructor(
    @Inject(OnCallUsers) private readonly users: OnCallUsers,
    @Inject(OnCallRosters) private readonly rosters: OnCallRosters,
  ) {}

  async execute({ principal, mode, userIds, startDate, endDate, commandId }: AssignOnCallCommand): Promise<AssignOnCallOutcome> {
    const span = periodSpan({ startDate, endDate });
    const distinct = [...new Set(userIds)];
    const planned: Planned[] = [];
    for (const userId of distinct) {
      const target = await this.users.reachable(principal, userId);
      planned.push({ target, history: await this.rosters.history(userId), commandId: commandId === undefined ? undefined : `${commandId}/${userId}` });
    }
    if (mode === 'entire') this.refuseClashes(planned, span);
    const results: AssignedUser[] = [];
    const changes: RosterChange[] = [];
    let position = 0;
    for (const { target, history, commandId: writeId } of planned) {
      const { user, timeZone } = target;
      const data = { userId: user.userId, customerGroupId: user.customerGroupId, startDate, endDate, timeZone };
      const command = mode === 'entire' ? ({ type: 'AddOnCallPeriod', data } as const) : ({ type: 'AssignFreeOnCallParts', data } as const);
      let outcome: RosterOutcome;
      try {
        outcome = await this.rosters.run(principal, target, command, writeId, history);
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
        results.push({ userId: user.userId, periods: [], error: error.message });
        continue;
      }
      position = Math.max(position, outcome.position);
      results.push({ userId: user.userId, periods: writtenPeriods(outcome) });
      changes.push(rosterChange(target, outcome));
    }
    return { position, results, warnings: await this.rosters.warnings(principal, position, changes) };
  }

  /** Every user already on call during the span, named with the first clashing period's times (a retry's own periods aside). */
  private refuseClashes(planned: readonly Planned[], span: { start: number; end: number }): void {
    const clashes = planned.flatMap(({ target, history, commandId }) => {
      if (commandId !== undefined && history.some((event) => event.metadata.commandId === commandId)) return [];
      const state = foldEvents(onCallRosterDecider, history.map((event) => ({ type: event.type, data: event.data }) as OnCallRosterEvent));
      const [clash] = overlappingPeriods(state, span);
      return clash ? [userOverlaps(userName(target.user), clash.start, clash.end, target.timeZone)] : [];
    });
    if (clashes.length) throw validationError(ASSIGN_ENTIRE_DETAIL, { users: clashes });
  }
}
