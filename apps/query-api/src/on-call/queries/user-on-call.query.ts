import { Query } from '@nestjs/cqrs';
import type { OnCallWeekDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A user's on-call weeks: `weeks` weeks from the one holding `from` (a day, YYYY-MM-DD, in the user's zone). */
export class UserOnCallQuery extends Query<OnCallWeekDto[]> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly from: string | undefined,
    readonly weeks: number | undefined,
    readonly now: number,
  ) {
    super();
  }
}
