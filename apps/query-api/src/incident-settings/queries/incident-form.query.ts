import { Query } from '@nestjs/cqrs';
import type { IncidentFormDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One form of the organisation with its field groups. */
export class IncidentFormQuery extends Query<IncidentFormDto> {
  constructor(
    readonly principal: Principal,
    readonly formId: string,
  ) {
    super();
  }
}
