import { Body, Inject, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FILE_DATA_DETAIL, ROUTES, UploadBodySchema, type DirectUploadDto, type UploadedAttachmentDto } from '@beacon/contracts';
import { requireRecordingKind, uploadSizeWarnings, type FileUploadPurpose } from '@beacon/domain';
import { CommandController, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { FileUpload, type ReceivedFile } from '../shared/uploads/file-upload.interceptor';
import { answerUpload } from '../shared/uploads/upload-answer';
import { UploadMessageFileCommand } from './upload-message-file.command';
import { MESSAGE_UPLOAD_RULES } from './upload-purposes';

type Response = Parameters<typeof answerUpload>[0];
type Answer = Promise<UploadedAttachmentDto | DirectUploadDto>;

const limitOf = (purpose: FileUploadPurpose) => MESSAGE_UPLOAD_RULES[purpose].maxBytes;

/** A stored message file with the size warnings of its kind (spec part 2 §3: attachments "with running sizes and warnings"). */
function withSizeWarnings(answer: UploadedAttachmentDto | DirectUploadDto, purpose: FileUploadPurpose): UploadedAttachmentDto | DirectUploadDto {
  if (!('key' in answer)) return answer;
  const warnings = uploadSizeWarnings(purpose, answer.size ?? 0);
  return warnings.length ? { ...answer, warnings } : answer;
}

/** The body's `file_data`, parsed (multipart JSON text or a JSON body's object). */
const uploadBody = () => new ZodBodyPipe(UploadBodySchema, { detail: FILE_DATA_DETAIL });
type UploadBody = z.output<typeof UploadBodySchema>;

/**
 * Files for message composition (spec part 1 §7 "Uploads"): multipart `file` and optional `file_data`,
 * stored in the caller's organisation (201 with the attachment); without a file but with file_data
 * `{name, content_type, size}`, 200 with the fields for a direct upload to storage.
 */
@CommandController()
export class UploadsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  /** POST /api/upload/email_attachment: any type, up to 10 MB. */
  @Post(ROUTES.uploadEmailAttachment.path)
  @UseInterceptors(FileUpload(limitOf('email_attachment')))
  async emailAttachment(
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body(uploadBody()) { file_data }: UploadBody,
    @Res({ passthrough: true }) response: Response,
  ): Answer {
    return answerUpload(response, await this.commandBus.execute(new UploadMessageFileCommand(principal, { purpose: 'email_attachment' }, file, file_data)));
  }

  /** POST /api/upload/sms_attachment: JPEG, PNG or GIF images (MMS), up to 1 MB. */
  @Post(ROUTES.uploadSmsAttachment.path)
  @UseInterceptors(FileUpload(limitOf('sms_attachment')))
  async smsAttachment(
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body(uploadBody()) { file_data }: UploadBody,
    @Res({ passthrough: true }) response: Response,
  ): Answer {
    return withSizeWarnings(
      answerUpload(response, await this.commandBus.execute(new UploadMessageFileCommand(principal, { purpose: 'sms_attachment' }, file, file_data))),
      'sms_attachment',
    );
  }

  /** POST /api/upload/provider_attachment/: any type, up to 10 MB. */
  @Post(ROUTES.uploadProviderAttachment.path)
  @UseInterceptors(FileUpload(limitOf('provider_attachment')))
  async providerAttachment(
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body(uploadBody()) { file_data }: UploadBody,
    @Res({ passthrough: true }) response: Response,
  ): Answer {
    return answerUpload(response, await this.commandBus.execute(new UploadMessageFileCommand(principal, { purpose: 'provider_attachment' }, file, file_data)));
  }

  /** POST /api/upload/recording/{kind}: audio up to 20 MB; `kind` says what the recording is for (400 unless a short lowercase name). */
  @Post(ROUTES.uploadRecording.path)
  @UseInterceptors(FileUpload(limitOf('recording')))
  async recording(
    @CurrentPrincipal() principal: Principal,
    @Param('kind') kind: string,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body(uploadBody()) { file_data }: UploadBody,
    @Res({ passthrough: true }) response: Response,
  ): Answer {
    const recordingKind = requireRecordingKind(kind);
    return answerUpload(response, await this.commandBus.execute(new UploadMessageFileCommand(principal, { purpose: 'recording', recordingKind }, file, file_data)));
  }
}
