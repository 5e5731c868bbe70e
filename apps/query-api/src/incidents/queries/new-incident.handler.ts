import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentDto } from '@beacon/contracts';
import { IncidentDrafts } from '../incident-drafts';
import { NewIncidentQuery } from './new-incident.query';

/** POST /api/incidents/incident/ and GET /api/incidents/create_incident_from_template/{id}/: nothing is recorded. */
@QueryHandler(NewIncidentQuery)
export class NewIncidentHandler implements IQueryHandler<NewIncidentQuery, IncidentDto> {
  constructor(@Inject(IncidentDrafts) private readonly drafts: IncidentDrafts) {}

  execute({ principal, source }: NewIncidentQuery): Promise<IncidentDto> {
    return 'templateId' in source ? this.drafts.fromTemplate(principal, source.templateId) : this.drafts.fromForm(principal, source.body);
  }
}
