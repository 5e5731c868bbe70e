import { Query } from '@nestjs/cqrs';
import type { OnCallStaffingDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A customer group's staffing minima as (option, value) pairs. */
export class OnCallStaffingQuery extends Query<OnCallStaffingDto[]> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
