import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  FilteredIncidentListQuerySchema,
  IncidentListQuerySchema,
  IncidentReportSummaryRequestSchema,
  IncidentVersionQuerySchema,
  NewIncidentRequestSchema,
  ROUTES,
  type IncidentDto,
  type IncidentHistoryDto,
  type IncidentPageDto,
  type IncidentReportSummaryDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { IncidentHistoryQuery } from './queries/incident-history.query';
import { parseCriteria, parseFiltersParam } from './queries/incident-list-query';
import { IncidentPageQuery } from './queries/incident-page.query';
import { IncidentReportSummaryQuery } from './queries/incident-report-summary.query';
import { IncidentQuery } from './queries/incident.query';
import { NewIncidentQuery } from './queries/new-incident.query';
import { QueryController } from '../shared/query-controller.decorator';


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
  list(@CurrentPrincipal() principal: Principal, @Query(new ZodQueryPipe(IncidentListQuerySchema)) query: z.output<typeof IncidentListQuerySchema>): Promise<IncidentPageDto> {
    return this.queryBus.execute(new IncidentPageQuery(principal, parseCriteria({}), query));
  }

  /** GET /api/incidents/incident/filters/?filters=<JSON>&items_per_page=&page= */
  @Get(ROUTES.filteredIncidents.path)
  filtered(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(FilteredIncidentListQuerySchema)) query: z.output<typeof FilteredIncidentListQuerySchema>,
  ): Promise<IncidentPageDto> {
    return this.queryBus.execute(new IncidentPageQuery(principal, parseFiltersParam(query.filters), query));
  }

  /** POST /api/incidents/incident/: a new incident from a form, not yet recorded. */
  @Post(ROUTES.newIncident.path)
  @HttpCode(200)
  newIncident(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(NewIncidentRequestSchema)) body: z.output<typeof NewIncidentRequestSchema>,
  ): Promise<IncidentDto> {
    return this.queryBus.execute(new NewIncidentQuery(principal, { body }));
  }

  /** GET /api/incidents/create_incident_from_template/{id}/ */
  @Get(ROUTES.newIncidentFromTemplate.path)
  newIncidentFromTemplate(@CurrentPrincipal() principal: Principal, @Param('id') templateId: string): Promise<IncidentDto> {
    return this.queryBus.execute(new NewIncidentQuery(principal, { templateId }));
  }

  /** POST /api/incidents/incident_report_summary/: counts by state and form, and the incidents, of those that match. */
  @Post(ROUTES.incidentReportSummary.path)
  @HttpCode(200)
  summary(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(IncidentReportSummaryRequestSchema)) { created_from, created_to, form, state }: z.output<typeof IncidentReportSummaryRequestSchema>,
  ): Promise<IncidentReportSummaryDto> {
    return this.queryBus.execute(new IncidentReportSummaryQuery(principal, parseCriteria({ created_from, created_to, form, state })));
  }

  /** GET /api/incidents/incident/{id}/?version=N */
  @Get(ROUTES.incident.path)
  incident(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(IncidentVersionQuerySchema)) { version }: z.output<typeof IncidentVersionQuerySchema>,
  ): Promise<IncidentDto> {
    return this.queryBus.execute(new IncidentQuery(principal, id, version ? Number(version) : undefined));
  }

  /** GET /api/incidents/incident/{id}/history/ */
  @Get(ROUTES.incidentHistory.path)
  history(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentHistoryDto> {
    return this.queryBus.execute(new IncidentHistoryQuery(principal, id));
  }
}
