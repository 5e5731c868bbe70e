import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentDto } from '@beacon/contracts';
import { IncidentReader } from '../incident-reader';
import { IncidentQuery } from './incident.query';

/** GET /api/incidents/incident/{id}/?version=N (404 outside the caller's reach). */
@QueryHandler(IncidentQuery)
export class IncidentHandler implements IQueryHandler<IncidentQuery, IncidentDto> {
  constructor(@Inject(IncidentReader) private readonly incidents: IncidentReader) {}

  execute({ principal, incidentId, version }: IncidentQuery): Promise<IncidentDto> {
    return this.incidents.get(principal, incidentId, version);
  }
}
