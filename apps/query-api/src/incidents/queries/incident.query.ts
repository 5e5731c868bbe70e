import { Query } from '@nestjs/cqrs';
import type { IncidentDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One incident the caller reaches, now or as it stood at a version. */
export class IncidentQuery extends Query<IncidentDto> {
  constructor(
    readonly principal: Principal,
    readonly incidentId: string,
    /** As it stood at this version (1 = as started); the current one when absent. */
    readonly version?: number,
  ) {
    super();
  }
}
