import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { OnCallPeriodOutcome } from '../on-call-rosters';

/** POST /api/on_call_period/ (CreateOnCallPeriodHandler has the rules). */
export class CreateOnCallPeriodCommand extends Command<OnCallPeriodOutcome> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly startDate: string,
    readonly endDate: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
