import { Query } from '@nestjs/cqrs';
import type { IncidentFieldDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One incident field of the organisation. */
export class IncidentFieldQuery extends Query<IncidentFieldDto> {
  constructor(
    readonly principal: Principal,
    readonly fieldId: string,
  ) {
    super();
  }
}
