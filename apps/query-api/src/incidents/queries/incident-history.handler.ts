import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentHistoryDto } from '@beacon/contracts';
import { IncidentReader } from '../incident-reader';
import { IncidentHistoryQuery } from './incident-history.query';

/** GET /api/incidents/incident/{id}/history/ (404 outside the caller's reach). */
@QueryHandler(IncidentHistoryQuery)
export class IncidentHistoryHandler implements IQueryHandler<IncidentHistoryQuery, IncidentHistoryDto> {
  constructor(@Inject(IncidentReader) private readonly incidents: IncidentReader) {}

  execute({ principal, incidentId }: IncidentHistoryQuery): Promise<IncidentHistoryDto> {
    return this.incidents.history(principal, incidentId);
  }
}
