import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { notFound, userIdOfOnCallPeriod } from '@beacon/domain';
import { OnCallRosters, rosterChange, type OnCallPeriodOutcome } from '../on-call-rosters';
import { OnCallUsers } from '../on-call-users';
import { DeleteOnCallPeriodCommand } from './delete-on-call-period.command';

/**
 * DELETE /api/on_call_period/{id}/: removes a period of a user in the caller's reach (an unknown or
 * already removed period answers 404, but a retry with the same Idempotency-Key answers as the
 * removal did), with the staffing warnings of the time it covered.
 */
@CommandHandler(DeleteOnCallPeriodCommand)
export class DeleteOnCallPeriodHandler implements ICommandHandler<DeleteOnCallPeriodCommand, OnCallPeriodOutcome> {
  constructor(
    @Inject(OnCallUsers) private readonly users: OnCallUsers,
    @Inject(OnCallRosters) private readonly rosters: OnCallRosters,
  ) {}

  async execute({ principal, periodId, commandId }: DeleteOnCallPeriodCommand): Promise<OnCallPeriodOutcome> {
    const owner = userIdOfOnCallPeriod(periodId);
    if (owner === null) throw notFound();
    const target = await this.users.reachable(principal, owner);
    const { user } = target;
    const outcome = await this.rosters.run(principal, target, { type: 'RemoveOnCallPeriod', data: { userId: user.userId, customerGroupId: user.customerGroupId, periodId } }, commandId);
    const warnings = await this.rosters.warnings(principal, outcome.position, [rosterChange(target, outcome)]);
    return { position: outcome.position, period: null, warnings };
  }
}
