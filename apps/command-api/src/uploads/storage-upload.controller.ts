import { HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROUTES } from '@beacon/contracts';
import { CommandController, Public } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { receiveFieldsThenFile, type FormRequest } from './fields-then-file-form';
import { StorageUploadCommand } from './storage-upload.command';

type Response = Parameters<typeof exposePosition>[0];

/**
 * POST /api/storage/upload/: the storage address direct uploads post to, the fields an upload call
 * answered and then the file as `file` (multipart, fields first, as an object store requires). Public:
 * the signed fields are the authorisation, so they are checked as the file begins and a refused post
 * is answered without any of its file being kept; an accepted file is stored as it arrives. Answers
 * 204, as an object store does.
 */
@CommandController()
export class StorageUploadController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Public()
  @Post(ROUTES.storageUpload.path)
  @HttpCode(HttpStatus.NO_CONTENT)
  async upload(@Req() request: FormRequest, @Res({ passthrough: true }) response: Response): Promise<void> {
    exposePosition(response, await receiveFieldsThenFile(request, (fields, file) => this.commandBus.execute(new StorageUploadCommand(fields, file))));
  }
}
