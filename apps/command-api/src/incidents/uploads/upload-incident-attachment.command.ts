import { Command } from '@nestjs/cqrs';
import type { ReceivedFile } from '../../shared/uploads/file-upload.interceptor';
import type { UploadReceipt } from '../../shared/uploads/file-uploads';
import type { FileDataObject } from '../../shared/uploads/upload-file-data';

/** An attachment for an incident ATTACHMENT field: the file itself, or (without one) the terms of a direct upload. */
export interface AttachmentUploader {
  readonly tenantId: string;
  readonly customerGroupId: string;
  /** null for a guest on a public template page. */
  readonly userId: string | null;
  readonly templateId?: string;
}

export class UploadIncidentAttachmentCommand extends Command<UploadReceipt> {
  constructor(
    readonly uploader: AttachmentUploader,
    readonly file: ReceivedFile | undefined,
    readonly fileData: FileDataObject,
  ) {
    super();
  }
}
