import { Body, Controller, HttpCode, HttpStatus, Inject, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ROUTES } from '@beacon/contracts';
import { Public } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { FileUpload, type ReceivedFile } from '../shared/uploads/file-upload.interceptor';
import { MAX_UPLOAD_BYTES } from '../shared/uploads/upload-limits';
import { StorageUploadHandler } from './storage-upload.handler';

type Response = Parameters<typeof exposePosition>[0];

const fieldsOf = (body: unknown): Readonly<Record<string, unknown>> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * POST /api/storage/upload/: the storage address direct uploads post to, the fields an upload call
 * answered plus the file as `file` (multipart). Public: the signed fields are the authorisation.
 * Answers 204, as an object store does.
 */
@Controller()
export class StorageUploadController {
  constructor(@Inject(StorageUploadHandler) private readonly handler: StorageUploadHandler) {}

  @Public()
  @Post(ROUTES.storageUpload.path)
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseInterceptors(FileUpload(MAX_UPLOAD_BYTES))
  async upload(@UploadedFile() file: ReceivedFile | undefined, @Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<void> {
    exposePosition(response, await this.handler.execute(fieldsOf(body), file));
  }
}
