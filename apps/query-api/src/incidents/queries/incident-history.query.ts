import { Query } from '@nestjs/cqrs';
import type { IncidentHistoryDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The timeline of an incident the caller reaches, oldest first. */
export class IncidentHistoryQuery extends Query<IncidentHistoryDto> {
  constructor(
    readonly principal: Principal,
    readonly incidentId: string,
  ) {
    super();
  }
}
