import { Query } from '@nestjs/cqrs';
import type { IncidentFormDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The organisation's forms with their field groups, in order. */
export class IncidentFormsQuery extends Query<IncidentFormDto[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
