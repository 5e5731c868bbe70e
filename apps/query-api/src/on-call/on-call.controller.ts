import { Body, Get, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  AssignUsersOnCallQuerySchema,
  ExportOnCallPeriodsRequestSchema,
  OnCallGroupExportRequestSchema,
  OnCallRecipientsQuerySchema,
  OnCallReportQuerySchema,
  ROUTES,
  UserOnCallQuerySchema,
  type AssignableUsersPageDto,
  type OnCallRecipientsDto,
  type OnCallSettingsDto,
  type OnCallStaffingDto,
  type OnCallWeekDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe, ZodQueryPipe } from '@beacon/platform';
import type { Response } from 'express';
import type { z } from 'zod';
import { QueryController } from '../shared/query-controller.decorator';
import { CSV_CONTENT_TYPE } from '../shared/exports/csv-file';
import type { OnCallCsvFile } from './on-call-csv';
import { wholeSecond } from './on-call-reader';
import { AssignUsersOnCallQuery } from './queries/assign-users-on-call.query';
import { ExportCustomerGroupOnCallQuery, ExportOnCallPeriodsQuery, ExportUsersOnCallQuery, OnCallReportQuery } from './queries/on-call-exports.query';
import { OnCallRecipientsQuery } from './queries/on-call-recipients.query';
import { OnCallSettingsQuery } from './queries/on-call-settings.query';
import { OnCallStaffingQuery } from './queries/on-call-staffing.query';
import { UserOnCallQuery } from './queries/user-on-call.query';

/** An instant the caller named, or now; to the second. */
const instant = (iso: string | undefined) => wholeSecond(iso === undefined ? Date.now() : Date.parse(iso));

/** The on-call reads (spec part 2 §7 "On call" and "Users and on call"). */
@QueryController()
export class OnCallController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.onCallSettings.path)
  settings(@CurrentPrincipal() principal: Principal, @Param('id') customerGroupId: string): Promise<OnCallSettingsDto> {
    return this.queryBus.execute(new OnCallSettingsQuery(principal, customerGroupId));
  }

  @Get(ROUTES.onCallStaffing.path)
  staffing(@CurrentPrincipal() principal: Principal, @Param('id') customerGroupId: string): Promise<OnCallStaffingDto[]> {
    return this.queryBus.execute(new OnCallStaffingQuery(principal, customerGroupId));
  }

  /** GET /api/user_on_call/{id}/?from=YYYY-MM-DD&weeks=N */
  @Get(ROUTES.userOnCall.path)
  userOnCall(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @Query(new ZodQueryPipe(UserOnCallQuerySchema)) { from, weeks }: z.output<typeof UserOnCallQuerySchema>,
  ): Promise<OnCallWeekDto[]> {
    return this.queryBus.execute(new UserOnCallQuery(principal, userId, from, weeks, Date.now()));
  }

  /** GET /api/assign_users_on_call/{id}/?start_date=&end_date=&all=&page_number=&items_per_page= */
  @Get(ROUTES.assignUsersOnCall.path)
  assignableUsers(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(AssignUsersOnCallQuerySchema)) params: z.output<typeof AssignUsersOnCallQuerySchema>,
  ): Promise<AssignableUsersPageDto> {
    return this.queryBus.execute(new AssignUsersOnCallQuery(principal, customerGroupId, params, Date.now()));
  }

  /** GET /api/customer_group/on_call_recipients/{id}/?at=ISO&all=true */
  @Get(ROUTES.onCallRecipients.path)
  recipients(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(OnCallRecipientsQuerySchema)) { at, all }: z.output<typeof OnCallRecipientsQuerySchema>,
  ): Promise<OnCallRecipientsDto> {
    return this.queryBus.execute(new OnCallRecipientsQuery(principal, customerGroupId, instant(at), all));
  }

  @Post(ROUTES.exportOnCallPeriods.path)
  @HttpCode(200)
  async exportPeriods(
    @CurrentPrincipal() principal: Principal,
    @Param('id') userId: string,
    @Body(new ZodBodyPipe(ExportOnCallPeriodsRequestSchema)) { start_date, end_date }: z.output<typeof ExportOnCallPeriodsRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return asDownload(response, await this.queryBus.execute(new ExportOnCallPeriodsQuery(principal, userId, start_date, end_date, Date.now())));
  }

  @Post(ROUTES.exportUsersOnCall.path)
  @HttpCode(200)
  async exportUsers(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(OnCallGroupExportRequestSchema)) request: z.output<typeof OnCallGroupExportRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return asDownload(response, await this.queryBus.execute(new ExportUsersOnCallQuery(principal, request, Date.now())));
  }

  @Post(ROUTES.exportCustomerGroupOnCall.path)
  @HttpCode(200)
  async exportRoster(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(OnCallGroupExportRequestSchema)) request: z.output<typeof OnCallGroupExportRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return asDownload(response, await this.queryBus.execute(new ExportCustomerGroupOnCallQuery(principal, request, Date.now())));
  }

  /** GET /api/export_reports/{id}/?at=ISO */
  @Get(ROUTES.onCallReport.path)
  async report(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(OnCallReportQuerySchema)) { at }: z.output<typeof OnCallReportQuerySchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return asDownload(response, await this.queryBus.execute(new OnCallReportQuery(principal, customerGroupId, instant(at))));
  }
}

/** The file as an attachment, streamed as it is written, never cached by a shared cache. */
function asDownload(response: Response, file: OnCallCsvFile): StreamableFile {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(file.stream, { type: CSV_CONTENT_TYPE, disposition: `attachment; filename="${file.filename}"` });
}
