import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OnCallRosters, rosterChange, writtenPeriods, type OnCallPeriodOutcome } from '../on-call-rosters';
import { OnCallUsers } from '../on-call-users';
import { CreateOnCallPeriodCommand } from './create-on-call-period.command';

/**
 * POST /api/on_call_period/ (admins and operators with "On Call core platform access"): puts a user
 * in the caller's reach (any other answers 404) on call. The roster decider refuses an end at or
 * before the start and an overlap with another of the user's periods, naming its times in the user's
 * time zone. A retry with the same Idempotency-Key answers the same period.
 */
@CommandHandler(CreateOnCallPeriodCommand)
export class CreateOnCallPeriodHandler implements ICommandHandler<CreateOnCallPeriodCommand, OnCallPeriodOutcome> {
  constructor(
    @Inject(OnCallUsers) private readonly users: OnCallUsers,
    @Inject(OnCallRosters) private readonly rosters: OnCallRosters,
  ) {}

  async execute({ principal, userId, startDate, endDate, commandId }: CreateOnCallPeriodCommand): Promise<OnCallPeriodOutcome> {
    const target = await this.users.reachable(principal, userId);
    const { user, timeZone } = target;
    const outcome = await this.rosters.run(
      principal,
      target,
      { type: 'AddOnCallPeriod', data: { userId: user.userId, customerGroupId: user.customerGroupId, startDate, endDate, timeZone } },
      commandId,
    );
    const warnings = await this.rosters.warnings(principal, outcome.position, [rosterChange(target, outcome)]);
    return { position: outcome.position, period: writtenPeriods(outcome)[0] ?? null, warnings };
  }
}
