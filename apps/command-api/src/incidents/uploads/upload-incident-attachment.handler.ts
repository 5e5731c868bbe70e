import { Inject, Injectable, Logger } from '@nestjs/common';
import { ROUTES, type UploadedAttachmentDto, type UploadFileData } from '@beacon/contracts';
import { validationError } from '@beacon/domain';
import { CommandExecutor, FILE_STORAGE, newFileKey, type FileStorage, type StoredFileMetadata } from '@beacon/platform';
import type { ReceivedFile } from './attachment-upload.interceptor';
import { incidentAttachmentDecider, incidentAttachmentStream } from './incident-attachment.decider';
import { EMPTY_FILE_MESSAGE, NO_FILE_MESSAGE } from './upload-limits';

export interface AttachmentUploader {
  readonly tenantId: string;
  readonly customerGroupId: string;
  /** null for a guest on a public template page. */
  readonly userId: string | null;
  readonly templateId?: string;
}

export interface AttachmentUploadOutcome {
  readonly attachment: UploadedAttachmentDto;
  readonly position: number;
}

export const attachmentUrl = (key: string) => ROUTES.incidentAttachment.path.replace(':key', key);

/** Requires a non-empty file; answers the 400 the console shows under the file otherwise. */
export function requireFile(file: ReceivedFile | undefined): ReceivedFile {
  if (!file) throw validationError(NO_FILE_MESSAGE, { file: [NO_FILE_MESSAGE] });
  if (file.size === 0) throw validationError(EMPTY_FILE_MESSAGE, { file: [EMPTY_FILE_MESSAGE] });
  return file;
}

/**
 * Stores an attachment in its organisation's file storage under a new random key, then records
 * IncidentAttachmentUploaded. Should the record fail, the stored file is removed again, so no file
 * exists that the history does not know of.
 */
@Injectable()
export class UploadIncidentAttachmentHandler {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  async execute(uploader: AttachmentUploader, file: ReceivedFile, fileData: UploadFileData): Promise<AttachmentUploadOutcome> {
    const key = newFileKey();
    const acceptedAt = new Date();
    const stored = await this.storage.put(uploader.tenantId, key, file.buffer, {
      name: file.originalname,
      contentType: file.mimetype,
      createdAt: acceptedAt,
    });
    let position: number;
    try {
      position = await this.record(uploader, stored, fileData, acceptedAt);
    } catch (error) {
      await this.storage.delete(uploader.tenantId, key).catch((cleanup: unknown) => this.logger.error(`Could not remove ${key}: ${String(cleanup)}`));
      throw error;
    }
    return {
      position,
      attachment: {
        url: attachmentUrl(key),
        key,
        name: stored.name,
        created_at: stored.createdAt,
        size: stored.size,
        content_type: stored.contentType,
      },
    };
  }

  private async record(uploader: AttachmentUploader, stored: StoredFileMetadata, fileData: UploadFileData, acceptedAt: Date): Promise<number> {
    const outcome = await this.executor.execute(
      incidentAttachmentStream(stored.key),
      incidentAttachmentDecider,
      {
        type: 'RecordAttachmentUpload',
        data: {
          key: stored.key,
          tenantId: uploader.tenantId,
          name: stored.name,
          size: stored.size,
          contentType: stored.contentType,
          incidentId: fileData.incident ?? null,
          fieldId: fileData.field ?? null,
          templateId: uploader.templateId ?? null,
        },
      },
      { tenantId: uploader.tenantId, customerGroupId: uploader.customerGroupId, actorUserId: uploader.userId, acceptedAt },
    );
    return outcome.position;
  }
}
