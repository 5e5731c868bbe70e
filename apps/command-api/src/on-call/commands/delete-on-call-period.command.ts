import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { OnCallPeriodOutcome } from '../on-call-rosters';

/** DELETE /api/on_call_period/{id}/ (DeleteOnCallPeriodHandler has the rules). */
export class DeleteOnCallPeriodCommand extends Command<OnCallPeriodOutcome> {
  constructor(
    readonly principal: Principal,
    readonly periodId: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
