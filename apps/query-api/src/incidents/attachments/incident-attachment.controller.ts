import { Get, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import type { Response } from 'express';
import { fileAsDownload } from '../../shared/file-download';
import { QueryController } from '../../shared/query-controller.decorator';
import { IncidentAttachmentQuery } from './incident-attachment.query';

/**
 * GET /api/incidents/attachment/{key}/: an uploaded attachment of the caller's organisation, always as
 * a download (never shown inline, so an uploaded HTML or SVG file cannot run in the console's origin).
 * Another organisation's key, or no such key, answers 404.
 */
@QueryController()
export class IncidentAttachmentController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.incidentAttachment.path)
  async attachment(
    @CurrentPrincipal() principal: Principal,
    @Param('key') key: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return fileAsDownload(response, await this.queryBus.execute(new IncidentAttachmentQuery(principal, key)));
  }
}
