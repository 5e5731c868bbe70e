import { Body, Get, HttpCode, Inject, Post, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ActivityLogExportRequestSchema,
  ActivityLogQuerySchema,
  ROUTES,
  type ActivityLogCustomerGroupsDto,
  type ActivityLogPageDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { parseActivityLogFilters } from './queries/activity-log-filters';
import { ActivityLogCustomerGroupsQuery } from './queries/activity-log-customer-groups.query';
import { ActivityLogExportQuery } from './queries/activity-log-export.query';
import { ActivityLogPageQuery } from './queries/activity-log-page.query';
import { QueryController } from '../shared/query-controller.decorator';

/** Byte order mark: spreadsheets then read the export as UTF-8, so names with accents survive. */
const UTF8_BOM = '\uFEFF';

@QueryController()
export class ActivityLogController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/activity_log/ with filters in the query string; newest first, paged. */
  @Get(ROUTES.activityLog.path)
  list(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(ActivityLogQuerySchema)) query: z.output<typeof ActivityLogQuerySchema>,
  ): Promise<ActivityLogPageDto> {
    return this.queryBus.execute(new ActivityLogPageQuery(principal, parseActivityLogFilters(query)));
  }

  /** GET /api/activity_log/customer_group/: the groups the filter offers. */
  @Get(ROUTES.activityLogCustomerGroups.path)
  customerGroups(@CurrentPrincipal() principal: Principal): Promise<ActivityLogCustomerGroupsDto> {
    return this.queryBus.execute(new ActivityLogCustomerGroupsQuery(principal));
  }

  /** POST /api/activity_log/export_summary/ with the same filters in a JSON body: a CSV file of every match. */
  @Post(ROUTES.activityLogExportSummary.path)
  @HttpCode(200)
  async exportSummary(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(ActivityLogExportRequestSchema)) body: z.output<typeof ActivityLogExportRequestSchema>,
  ): Promise<StreamableFile> {
    const { filename, csv } = await this.queryBus.execute(new ActivityLogExportQuery(principal, parseActivityLogFilters(body), new Date()));
    return new StreamableFile(Buffer.from(UTF8_BOM + csv, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
