import { Query } from '@nestjs/cqrs';
import type { OnCallSettingsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A customer group's on-call settings, staffing minima and on-call data fields. */
export class OnCallSettingsQuery extends Query<OnCallSettingsDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
