import { Query } from '@nestjs/cqrs';
import type { IncidentPageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { IncidentCriteria } from './incident-list-query';

/** A page of the incidents the caller reaches that match, in list order, with how many match and the number of pages. */
export class IncidentPageQuery extends Query<IncidentPageDto> {
  constructor(
    readonly principal: Principal,
    readonly criteria: IncidentCriteria,
    /** The query string: items_per_page and page. */
    readonly paging: Record<string, unknown>,
  ) {
    super();
  }
}
