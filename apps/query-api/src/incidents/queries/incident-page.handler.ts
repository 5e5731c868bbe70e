import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentPageDto } from '@beacon/contracts';
import { IncidentReader } from '../incident-reader';
import { criteriaFilter, parsePaging } from './incident-list-query';
import { IncidentPageQuery } from './incident-page.query';

/** GET /api/incidents/incident/ and /filters/: `items_per_page` absent answers every match on one page. */
@QueryHandler(IncidentPageQuery)
export class IncidentPageHandler implements IQueryHandler<IncidentPageQuery, IncidentPageDto> {
  constructor(@Inject(IncidentReader) private readonly incidents: IncidentReader) {}

  async execute({ principal, criteria, paging: query }: IncidentPageQuery): Promise<IncidentPageDto> {
    const { pageSize, page } = parsePaging(query);
    const paging = pageSize === null ? {} : { skip: (page - 1) * pageSize, limit: pageSize };
    const { data, count } = await this.incidents.page(principal, criteriaFilter(criteria), paging);
    return { data, count, number_of_pages: pageSize === null ? 1 : Math.max(1, Math.ceil(count / pageSize)) };
  }
}
