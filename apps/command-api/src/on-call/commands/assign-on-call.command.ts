import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { WrittenPeriod } from '../on-call-rosters';

/** `entire`: every user the whole period, or nobody; `parts`: each user the parts of it they are free in. */
export type AssignMode = 'entire' | 'parts';

export interface AssignedUser {
  readonly userId: string;
  readonly periods: WrittenPeriod[];
  /** Set when a change to the user's periods made after the check refused the assignment for them alone. */
  readonly error?: string;
}

export interface AssignOnCallOutcome {
  readonly position: number;
  readonly results: AssignedUser[];
  readonly warnings: string[];
}

/** POST /api/on_call_period/assign/entire/ and /parts/ (AssignOnCallHandler has the rules). */
export class AssignOnCallCommand extends Command<AssignOnCallOutcome> {
  constructor(
    readonly principal: Principal,
    readonly mode: AssignMode,
    readonly userIds: readonly string[],
    readonly startDate: string,
    readonly endDate: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
