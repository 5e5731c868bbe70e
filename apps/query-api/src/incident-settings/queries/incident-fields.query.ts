import { Query } from '@nestjs/cqrs';
import type { IncidentFieldDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The organisation's incident fields, in order. */
export class IncidentFieldsQuery extends Query<IncidentFieldDto[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
