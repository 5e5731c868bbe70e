import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { IncidentReportSummaryDto } from '@beacon/contracts';
import { INCIDENT_STATES } from '@beacon/domain';
import { IncidentReader } from '../incident-reader';
import { criteriaFilter } from './incident-list-query';
import { IncidentReportSummaryQuery } from './incident-report-summary.query';

/** POST /api/incidents/incident_report_summary/: every state counted (zero too), forms by name. */
@QueryHandler(IncidentReportSummaryQuery)
export class IncidentReportSummaryHandler implements IQueryHandler<IncidentReportSummaryQuery, IncidentReportSummaryDto> {
  constructor(@Inject(IncidentReader) private readonly incidents: IncidentReader) {}

  async execute({ principal, criteria }: IncidentReportSummaryQuery): Promise<IncidentReportSummaryDto> {
    const incidents = await this.incidents.list(principal, criteriaFilter(criteria));
    const byState: Record<string, number> = Object.fromEntries(INCIDENT_STATES.map((name) => [name, 0]));
    const byForm = new Map<string, { form: string; name: string; count: number }>();
    for (const incident of incidents) {
      byState[incident.state] = (byState[incident.state] ?? 0) + 1;
      const entry = byForm.get(incident.form) ?? { form: incident.form, name: incident.name, count: 0 };
      byForm.set(incident.form, { ...entry, count: entry.count + 1 });
    }
    return {
      total: incidents.length,
      by_state: byState,
      by_form: [...byForm.values()].sort((a, b) => a.name.localeCompare(b.name) || a.form.localeCompare(b.form)),
      incidents,
    };
  }
}
