import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { OnCallPeriodOutcome } from '../on-call-rosters';

/** PUT /api/on_call_period/{on_call_period_id}/ (ChangeOnCallPeriodHandler has the rules). */
export class ChangeOnCallPeriodCommand extends Command<OnCallPeriodOutcome> {
  constructor(
    readonly principal: Principal,
    readonly periodId: string,
    readonly startDate: string,
    readonly endDate: string,
    readonly userId: string | undefined,
    readonly commandId?: string,
  ) {
    super();
  }
}
