import { Command } from '@nestjs/cqrs';
import type { FileUploadPurpose } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { ReceivedFile } from '../shared/uploads/file-upload.interceptor';
import type { UploadReceipt } from '../shared/uploads/file-uploads';
import type { FileDataObject } from '../shared/uploads/upload-file-data';

/** A file for message composition: the file itself, or (without one) the terms of a direct upload. */
export interface MessageFileRequest {
  readonly purpose: FileUploadPurpose;
  readonly recordingKind?: string;
}

export class UploadMessageFileCommand extends Command<UploadReceipt> {
  constructor(
    readonly principal: Principal,
    readonly request: MessageFileRequest,
    readonly file: ReceivedFile | undefined,
    readonly fileData: FileDataObject,
  ) {
    super();
  }
}
