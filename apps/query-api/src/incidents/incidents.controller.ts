import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import {
  ROUTES,
  type IncidentDto,
  type IncidentHistoryDto,
  type IncidentPageDto,
  type IncidentReportSummaryDto,
} from '@beacon/contracts';
import { INCIDENT_STATES, validationError } from '@beacon/domain';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { IncidentDrafts } from './incident-drafts';
import { IncidentReader } from './incident-reader';
import { criteriaFilter, parseCriteria, parseFiltersParam, parsePaging, type IncidentCriteria } from './queries/incident-list-query';
import { QueryController } from '../read-position/query-controller.decorator';

const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** `?version=N`: absent, or a whole number. */
function versionParam(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw validationError('A valid integer is required.', { version: ['A valid integer is required.'] });
  return Number(value);
}

/**
 * The incident reads (spec part 1 §7 "Incidents"): the list with paging and filters, one incident
 * (or as it stood at a version), its history, new incidents to fill in, and the report summary.
 * Fixed paths come before /incident/:id/.
 */
@QueryController()
export class IncidentsController {
  constructor(
    @Inject(IncidentReader) private readonly incidents: IncidentReader,
    @Inject(IncidentDrafts) private readonly drafts: IncidentDrafts,
  ) {}

  /** GET /api/incidents/incident/?items_per_page=&page= */
  @Get(ROUTES.incidents.path)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<IncidentPageDto> {
    return this.page(principal, parseCriteria({}), query);
  }

  /** GET /api/incidents/incident/filters/?filters=<JSON>&items_per_page=&page= */
  @Get(ROUTES.filteredIncidents.path)
  async filtered(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<IncidentPageDto> {
    return this.page(principal, parseFiltersParam(query.filters), query);
  }

  /** POST /api/incidents/incident/: a new incident from a form, not yet recorded. */
  @Post(ROUTES.newIncident.path)
  @HttpCode(200)
  async newIncident(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<IncidentDto> {
    return this.drafts.fromForm(principal, bodyOf(body));
  }

  /** GET /api/incidents/create_incident_from_template/{id}/ */
  @Get(ROUTES.newIncidentFromTemplate.path)
  async newIncidentFromTemplate(@CurrentPrincipal() principal: Principal, @Param('id') templateId: string): Promise<IncidentDto> {
    return this.drafts.fromTemplate(principal, templateId);
  }

  /** POST /api/incidents/incident_report_summary/: counts by state and form, and the incidents, of those that match. */
  @Post(ROUTES.incidentReportSummary.path)
  @HttpCode(200)
  async summary(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<IncidentReportSummaryDto> {
    const { created_from, created_to, form, state } = bodyOf(body);
    const incidents = await this.incidents.list(principal, criteriaFilter(parseCriteria({ created_from, created_to, form, state })));
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

  /** GET /api/incidents/incident/{id}/?version=N */
  @Get(ROUTES.incident.path)
  async incident(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query('version') version: unknown): Promise<IncidentDto> {
    return this.incidents.get(principal, id, versionParam(version));
  }

  /** GET /api/incidents/incident/{id}/history/ */
  @Get(ROUTES.incidentHistory.path)
  async history(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentHistoryDto> {
    return this.incidents.history(principal, id);
  }

  private async page(principal: Principal, criteria: IncidentCriteria, query: Record<string, unknown>): Promise<IncidentPageDto> {
    const { pageSize, page } = parsePaging(query);
    const paging = pageSize === null ? {} : { skip: (page - 1) * pageSize, limit: pageSize };
    const { data, count } = await this.incidents.page(principal, criteriaFilter(criteria), paging);
    return { data, count, number_of_pages: pageSize === null ? 1 : Math.max(1, Math.ceil(count / pageSize)) };
  }
}
