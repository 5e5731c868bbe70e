import { Get, Inject, Param, Res, type StreamableFile } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import type { Response } from 'express';
import { fileAsDownload } from '../shared/file-download';
import { QueryController } from '../shared/query-controller.decorator';
import { MessageFileQuery } from './message-file.query';

/**
 * GET /api/upload/file/{key}/: a message file (email, SMS or provider attachment, recording) of the
 * caller's organisation, as a download. Another organisation's key, a key of anything that is not a
 * message file (an incident attachment) or no such key answers 404.
 */
@QueryController()
export class UploadedFileController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.uploadedFile.path)
  async file(@CurrentPrincipal() principal: Principal, @Param('key') key: string, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return fileAsDownload(response, await this.queryBus.execute(new MessageFileQuery(principal, key)));
  }
}
