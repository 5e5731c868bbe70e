import { Query } from '@nestjs/cqrs';
import type { IncidentReportSummaryDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { IncidentCriteria } from './incident-list-query';

/** Counts by state and form, and the incidents, of those the caller reaches that match. */
export class IncidentReportSummaryQuery extends Query<IncidentReportSummaryDto> {
  constructor(
    readonly principal: Principal,
    readonly criteria: IncidentCriteria,
  ) {
    super();
  }
}
