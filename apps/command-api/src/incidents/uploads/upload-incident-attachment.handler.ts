import { Inject, type OnModuleInit } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ROUTES } from '@beacon/contracts';
import { incidentAttachmentDecider, incidentAttachmentStream } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { FileUploads, type UploadReceipt } from '../../shared/uploads/file-uploads';
import { fileDetails } from '../../shared/uploads/upload-file-data';
import type { StoredUpload, UploadKind, UploadRule } from '../../shared/uploads/upload-kind';
import { UploadKinds } from '../../shared/uploads/upload-kinds';
import { UploadIncidentAttachmentCommand } from './upload-incident-attachment.command';
import { MAX_ATTACHMENT_BYTES, MAX_GUEST_ATTACHMENT_BYTES } from './upload-limits';

/** Who attached the file and what for (file_data), as the record and a direct upload's terms keep it. */
export interface IncidentAttachmentContext {
  readonly customerGroupId: string;
  readonly userId: string | null;
  readonly templateId: string | null;
  /** Not checked: a new incident has no id yet. */
  readonly incidentId: string | null;
  readonly fieldId: string | null;
}

const SIGNED_IN: UploadRule = { maxBytes: MAX_ATTACHMENT_BYTES };
const GUEST: UploadRule = { maxBytes: MAX_GUEST_ATTACHMENT_BYTES };

/**
 * Attachments of incident ATTACHMENT fields, any type: stored in the organisation's file storage
 * (see FileUploads) and recorded as IncidentAttachmentUploaded.
 */
@CommandHandler(UploadIncidentAttachmentCommand)
export class UploadIncidentAttachmentHandler
  implements OnModuleInit, ICommandHandler<UploadIncidentAttachmentCommand, UploadReceipt>, UploadKind<IncidentAttachmentContext>
{
  readonly name = 'incident_attachment';

  constructor(
    @Inject(FileUploads) private readonly uploads: FileUploads,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(UploadKinds) private readonly kinds: UploadKinds,
  ) {}

  onModuleInit(): void {
    this.kinds.add(this);
  }

  execute({ uploader, file, fileData }: UploadIncidentAttachmentCommand): Promise<UploadReceipt> {
    const details = fileDetails(fileData);
    const context: IncidentAttachmentContext = {
      customerGroupId: uploader.customerGroupId,
      userId: uploader.userId,
      templateId: uploader.templateId ?? null,
      incidentId: details.incident ?? null,
      fieldId: details.field ?? null,
    };
    return this.uploads.receive(this, uploader.tenantId, file, fileData, context);
  }

  rule(context: IncidentAttachmentContext): UploadRule {
    return context.userId === null ? GUEST : SIGNED_IN;
  }

  downloadUrl(key: string): string {
    return ROUTES.incidentAttachment.path.replace(':key', key);
  }

  async record({ tenantId, stored, context, acceptedAt }: StoredUpload<IncidentAttachmentContext>): Promise<number> {
    const outcome = await this.executor.execute(
      incidentAttachmentStream(stored.key),
      incidentAttachmentDecider,
      {
        type: 'RecordAttachmentUpload',
        data: {
          key: stored.key,
          tenantId,
          name: stored.name,
          size: stored.size,
          contentType: stored.contentType,
          incidentId: context.incidentId,
          fieldId: context.fieldId,
          templateId: context.templateId,
        },
      },
      { tenantId, customerGroupId: context.customerGroupId, actorUserId: context.userId, acceptedAt },
    );
    return outcome.position;
  }
}
