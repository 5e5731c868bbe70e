import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ROUTES,
  type IncidentDto,
  type IncidentHistoryDto,
  type IncidentPageDto,
  type IncidentReportSummaryDto,
} from '@beacon/contracts';
import { NOT_AN_INTEGER, validationError } from '@beacon/domain';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { IncidentHistoryQuery } from './queries/incident-history.query';
import { parseCriteria, parseFiltersParam } from './queries/incident-list-query';
import { IncidentPageQuery } from './queries/incident-page.query';
import { IncidentReportSummaryQuery } from './queries/incident-report-summary.query';
import { IncidentQuery } from './queries/incident.query';
import { NewIncidentQuery } from './queries/new-incident.query';
import { QueryController } from '../shared/query-controller.decorator';

const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** `?version=N`: absent, or a whole number. */
function versionParam(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw validationError(NOT_AN_INTEGER, { version: [NOT_AN_INTEGER] });
  return Number(value);
}

/**
 * The incident reads (spec part 1 §7 "Incidents"): the list with paging and filters, one incident
 * (or as it stood at a version), its history, new incidents to fill in, and the report summary.
 * Fixed paths come before /incident/:id/.
 */
@QueryController()
export class IncidentsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/incidents/incident/?items_per_page=&page= */
  @Get(ROUTES.incidents.path)
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<IncidentPageDto> {
    return this.queryBus.execute(new IncidentPageQuery(principal, parseCriteria({}), query));
  }

  /** GET /api/incidents/incident/filters/?filters=<JSON>&items_per_page=&page= */
  @Get(ROUTES.filteredIncidents.path)
  filtered(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<IncidentPageDto> {
    return this.queryBus.execute(new IncidentPageQuery(principal, parseFiltersParam(query.filters), query));
  }

  /** POST /api/incidents/incident/: a new incident from a form, not yet recorded. */
  @Post(ROUTES.newIncident.path)
  @HttpCode(200)
  newIncident(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<IncidentDto> {
    return this.queryBus.execute(new NewIncidentQuery(principal, { body: bodyOf(body) }));
  }

  /** GET /api/incidents/create_incident_from_template/{id}/ */
  @Get(ROUTES.newIncidentFromTemplate.path)
  newIncidentFromTemplate(@CurrentPrincipal() principal: Principal, @Param('id') templateId: string): Promise<IncidentDto> {
    return this.queryBus.execute(new NewIncidentQuery(principal, { templateId }));
  }

  /** POST /api/incidents/incident_report_summary/: counts by state and form, and the incidents, of those that match. */
  @Post(ROUTES.incidentReportSummary.path)
  @HttpCode(200)
  summary(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<IncidentReportSummaryDto> {
    const { created_from, created_to, form, state } = bodyOf(body);
    return this.queryBus.execute(new IncidentReportSummaryQuery(principal, parseCriteria({ created_from, created_to, form, state })));
  }

  /** GET /api/incidents/incident/{id}/?version=N */
  @Get(ROUTES.incident.path)
  incident(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query('version') version: unknown): Promise<IncidentDto> {
    return this.queryBus.execute(new IncidentQuery(principal, id, versionParam(version)));
  }

  /** GET /api/incidents/incident/{id}/history/ */
  @Get(ROUTES.incidentHistory.path)
  history(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentHistoryDto> {
    return this.queryBus.execute(new IncidentHistoryQuery(principal, id));
  }
}
