import { Get, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { fileAsDownload } from '../../shared/file-download';
import { ConferenceRecordingQuery } from './queries/conference-recording.query';
import type { Readable } from 'node:stream';
import type { Response } from 'express';
import { QueryBus } from '@nestjs/cqrs';
import {
  ROUTES,
  SessionAggregateParamsSchema,
  SessionRecipientFiltersSchema,
  SessionRecipientsQuerySchema,
  type SessionAggregateDto,
  type SessionRecipientDispatchesDto,
  type SessionRecipientFilters,
  type SessionRecipientIdsDto,
  type SessionRecipientPageDto,
  type SessionRecipientsQuery as SessionRecipientsParams,
  type SessionReportDetailsDto,
} from '@beacon/contracts';
import { validationError } from '@beacon/domain';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../../shared/query-controller.decorator';
import { SessionRecipientDispatchesQuery } from './queries/session-recipient-dispatches.query';
import { SessionRecipientIdsQuery } from './queries/session-recipient-ids.query';
import { SessionRecipientsAggregateQuery } from './queries/session-recipients-aggregate.query';
import { SessionRecipientsQuery } from './queries/session-recipients.query';
import { SessionReportDetailsQuery } from './queries/session-report-details.query';
import { SessionReportExportQuery, type SessionReportExportKind, type SessionReportFile } from './queries/session-report-export.query';

/** A session's report (spec part 2 §7 "Session reports"): its statistics, its people, their dispatches. */
@QueryController()
export class SessionReportController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.sessionReportDetails.path)
  details(@CurrentPrincipal() principal: Principal, @Param('id') sessionId: string): Promise<SessionReportDetailsDto> {
    return this.queryBus.execute(new SessionReportDetailsQuery(principal, sessionId));
  }

  @Get(ROUTES.sessionRecipients.path)
  recipients(
    @CurrentPrincipal() principal: Principal,
    @Param('id') sessionId: string,
    @Query(new ZodQueryPipe(SessionRecipientsQuerySchema)) query: SessionRecipientsParams,
  ): Promise<SessionRecipientPageDto> {
    return this.queryBus.execute(new SessionRecipientsQuery(principal, sessionId, query));
  }

  @Get(ROUTES.sessionRecipientsAggregate.path)
  aggregate(@CurrentPrincipal() principal: Principal, @Param('id') sessionId: string, @Param('by') by: string): Promise<SessionAggregateDto> {
    const parsed = SessionAggregateParamsSchema.safeParse({ by });
    if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? 'Unknown aggregate.', { by: parsed.error.issues.map((issue) => issue.message) });
    return this.queryBus.execute(new SessionRecipientsAggregateQuery(principal, sessionId, parsed.data.by));
  }

  @Get(ROUTES.sessionRecipientIds.path)
  ids(
    @CurrentPrincipal() principal: Principal,
    @Param('id') sessionId: string,
    @Query(new ZodQueryPipe(SessionRecipientFiltersSchema)) filters: SessionRecipientFilters,
  ): Promise<SessionRecipientIdsDto> {
    return this.queryBus.execute(new SessionRecipientIdsQuery(principal, sessionId, filters));
  }

  @Get(ROUTES.sessionRecipientDispatches.path)
  dispatches(@CurrentPrincipal() principal: Principal, @Param('id') sessionId: string, @Param('rid') recipientId: string): Promise<SessionRecipientDispatchesDto> {
    return this.queryBus.execute(new SessionRecipientDispatchesQuery(principal, sessionId, recipientId));
  }

  @Get(ROUTES.conferenceRecording.path)
  async conferenceRecording(@CurrentPrincipal() principal: Principal, @Param('id') sessionId: string, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return fileAsDownload(response, await this.queryBus.execute(new ConferenceRecordingQuery(principal, sessionId)));
  }

  @Get(ROUTES.generateSessionPdf.path)
  summaryPdf(@CurrentPrincipal() principal: Principal, @Param('id') sessionId: string, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return this.file(response, principal, sessionId, 'summary-pdf');
  }

  @Get(ROUTES.generateSessionXlsx.path)
  summaryXlsx(@CurrentPrincipal() principal: Principal, @Param('id') sessionId: string, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return this.file(response, principal, sessionId, 'summary-xlsx');
  }

  @Post(ROUTES.detailedSessionXlsx.path)
  @HttpCode(200)
  peopleXlsx(
    @CurrentPrincipal() principal: Principal,
    @Param('id') sessionId: string,
    @Query(new ZodQueryPipe(SessionRecipientFiltersSchema)) filters: SessionRecipientFilters,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return this.file(response, principal, sessionId, 'people-xlsx', filters);
  }

  @Post(ROUTES.detailedSessionPdf.path)
  @HttpCode(200)
  peoplePdf(
    @CurrentPrincipal() principal: Principal,
    @Param('id') sessionId: string,
    @Query(new ZodQueryPipe(SessionRecipientFiltersSchema)) filters: SessionRecipientFilters,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return this.file(response, principal, sessionId, 'people-pdf', filters);
  }

  private async file(response: Response, principal: Principal, sessionId: string, kind: SessionReportExportKind, filters: SessionRecipientFilters = {}): Promise<StreamableFile> {
    const file: SessionReportFile = await this.queryBus.execute(new SessionReportExportQuery(principal, sessionId, kind, filters));
    response.attachment(file.fileName);
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (Buffer.isBuffer(file.body)) {
      response.setHeader('Content-Length', String(file.body.length));
      return new StreamableFile(file.body);
    }
    return new StreamableFile(file.body as Readable);
  }
}
