import { Command } from '@nestjs/cqrs';
import type { ReceivedFile } from '../../shared/uploads/file-upload.interceptor';
import type { UploadReceipt } from '../../shared/uploads/file-uploads';
import type { FileDataObject } from '../../shared/uploads/upload-file-data';
import type { AttachmentUploader } from './upload-incident-attachment.handler';

/** An attachment for an incident ATTACHMENT field: the file itself, or (without one) the terms of a direct upload. */
export class UploadIncidentAttachmentCommand extends Command<UploadReceipt> {
  constructor(
    readonly uploader: AttachmentUploader,
    readonly file: ReceivedFile | undefined,
    readonly fileData: FileDataObject,
  ) {
    super();
  }
}
