import { Inject, type OnModuleInit } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ROUTES } from '@beacon/contracts';
import { fileUploadDecider, fileUploadStream, type FileUploadPurpose } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { FileUploads, type UploadReceipt } from '../shared/uploads/file-uploads';
import type { StoredUpload, UploadKind, UploadRule } from '../shared/uploads/upload-kind';
import { UploadKinds } from '../shared/uploads/upload-kinds';
import { UploadMessageFileCommand } from './upload-message-file.command';
import { MESSAGE_UPLOAD_RULES } from './upload-purposes';

/** Who uploaded a message file and what for, as the record and a direct upload's terms keep it. */
export interface MessageFileContext {
  readonly customerGroupId: string;
  readonly userId: string;
  readonly purpose: FileUploadPurpose;
  readonly recordingKind: string | null;
}

/**
 * Files for message composition (email, SMS and provider attachments, recordings): checked by the
 * rule of their purpose, stored in the caller's organisation (see FileUploads) and recorded as
 * FileUploaded on `file_upload-<key>`; downloaded from GET /api/upload/file/{key}/.
 */
@CommandHandler(UploadMessageFileCommand)
export class UploadMessageFileHandler implements OnModuleInit, ICommandHandler<UploadMessageFileCommand, UploadReceipt>, UploadKind<MessageFileContext> {
  readonly name = 'message_file';

  constructor(
    @Inject(FileUploads) private readonly uploads: FileUploads,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(UploadKinds) private readonly kinds: UploadKinds,
  ) {}

  onModuleInit(): void {
    this.kinds.add(this);
  }

  execute({ principal, request, file, fileData }: UploadMessageFileCommand): Promise<UploadReceipt> {
    const context: MessageFileContext = {
      customerGroupId: principal.customerGroupId,
      userId: principal.userId,
      purpose: request.purpose,
      recordingKind: request.recordingKind ?? null,
    };
    return this.uploads.receive(this, principal.rootId, file, fileData, context);
  }

  rule(context: MessageFileContext): UploadRule {
    return MESSAGE_UPLOAD_RULES[context.purpose];
  }

  downloadUrl(key: string): string {
    return ROUTES.uploadedFile.path.replace(':key', key);
  }

  async record({ tenantId, stored, context, acceptedAt }: StoredUpload<MessageFileContext>): Promise<number> {
    const outcome = await this.executor.execute(
      fileUploadStream(stored.key),
      fileUploadDecider,
      {
        type: 'RecordFileUpload',
        data: {
          key: stored.key,
          tenantId,
          name: stored.name,
          size: stored.size,
          contentType: stored.contentType,
          purpose: context.purpose,
          recordingKind: context.recordingKind,
        },
      },
      { tenantId, customerGroupId: context.customerGroupId, actorUserId: context.userId, acceptedAt },
    );
    return outcome.position;
  }
}
