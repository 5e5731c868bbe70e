import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isoInstant, notFound, PERIOD_DETAIL, PERIOD_USER_FIXED, userIdOfOnCallPeriod, validationError } from '@beacon/domain';
import { OnCallRosters, rosterChange, type OnCallPeriodOutcome } from '../on-call-rosters';
import { OnCallUsers } from '../on-call-users';
import { ChangeOnCallPeriodCommand } from './change-on-call-period.command';

/**
 * PUT /api/on_call_period/{on_call_period_id}/: new times for a period of a user in the caller's
 * reach (the period's id names its user; an unknown period, or a user outside the reach, answers
 * 404). `user`, when sent, must be the period's own: a period never moves to another user. The
 * staffing warnings cover both the old and the new times.
 */
@CommandHandler(ChangeOnCallPeriodCommand)
export class ChangeOnCallPeriodHandler implements ICommandHandler<ChangeOnCallPeriodCommand, OnCallPeriodOutcome> {
  constructor(
    @Inject(OnCallUsers) private readonly users: OnCallUsers,
    @Inject(OnCallRosters) private readonly rosters: OnCallRosters,
  ) {}

  async execute({ principal, periodId, startDate, endDate, userId, commandId }: ChangeOnCallPeriodCommand): Promise<OnCallPeriodOutcome> {
    const owner = userIdOfOnCallPeriod(periodId);
    if (owner === null) throw notFound();
    const target = await this.users.reachable(principal, owner);
    if (userId !== undefined && userId !== owner) throw validationError(PERIOD_DETAIL, { user: [PERIOD_USER_FIXED] });
    const { user, timeZone } = target;
    const outcome = await this.rosters.run(
      principal,
      target,
      { type: 'ChangeOnCallPeriod', data: { userId: user.userId, customerGroupId: user.customerGroupId, periodId, startDate, endDate, timeZone } },
      commandId,
    );
    const period = outcome.state.periods.get(periodId);
    if (!period) throw notFound();
    const warnings = await this.rosters.warnings(principal, outcome.position, [rosterChange(target, outcome)]);
    return {
      position: outcome.position,
      period: { periodId, userId: user.userId, startDate: isoInstant(period.start), endDate: isoInstant(period.end) },
      warnings,
    };
  }
}
