import { Body, Inject, Post, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FILE_DATA_DETAIL, ROUTES, UploadBodySchema, type DirectUploadDto, type UploadedAttachmentDto } from '@beacon/contracts';
import { CommandController, CurrentPrincipal, type Principal, Public, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { FileUpload, type ReceivedFile } from '../../shared/uploads/file-upload.interceptor';
import { requireFile } from '../../shared/uploads/file-uploads';
import { answerUpload } from '../../shared/uploads/upload-answer';
import { fileDetails } from '../../shared/uploads/upload-file-data';
import { GuestUploadLimits } from './guest-upload-limits.guard';
import { TemplateSubdomainOwners } from './template-subdomain-owner';
import { UploadIncidentAttachmentCommand } from './upload-incident-attachment.command';
import { MAX_ATTACHMENT_BYTES, MAX_GUEST_ATTACHMENT_BYTES } from './upload-limits';

type Response = Parameters<typeof answerUpload>[0];

/** The body's `file_data`, parsed (multipart JSON text or a JSON body's object). */
const uploadBody = () => new ZodBodyPipe(UploadBodySchema, { detail: FILE_DATA_DETAIL });
type UploadBody = z.output<typeof UploadBodySchema>;

/** Attachments for incident ATTACHMENT fields (spec part 1 §7 "Uploads"), multipart `file` + `file_data`. */
@CommandController()
export class IncidentUploadsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TemplateSubdomainOwners) private readonly subdomains: TemplateSubdomainOwners,
  ) {}

  /**
   * POST /api/incidents/incident/upload/: stored in the caller's organisation (201). Without a file but
   * with file_data `{name, content_type, size}`: 200 with the fields for a direct upload to storage.
   */
  @Post(ROUTES.uploadIncidentAttachment.path)
  @UseInterceptors(FileUpload(MAX_ATTACHMENT_BYTES))
  async uploadIncidentAttachment(
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body(uploadBody()) { file_data }: UploadBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadedAttachmentDto | DirectUploadDto> {
    const receipt = await this.commandBus.execute(
      new UploadIncidentAttachmentCommand(
      { tenantId: principal.rootId, customerGroupId: principal.customerGroupId, userId: principal.userId },
      file,
      file_data,
    ),
    );
    return answerUpload(response, receipt);
  }

  /**
   * POST /api/incidents/upload_attachment_from_template/ (public): stored in the organisation of the template
   * file_data.subdomain selects. Limited per client address before anything is read (GuestUploadLimits); a file
   * no incident holds a day later is removed (GuestUploadSweep).
   */
  @Public()
  @Post(ROUTES.uploadAttachmentFromTemplate.path)
  @UseGuards(GuestUploadLimits)
  @UseInterceptors(FileUpload(MAX_GUEST_ATTACHMENT_BYTES))
  async uploadAttachmentFromTemplate(
    @UploadedFile() file: ReceivedFile | undefined,
    @Body(uploadBody()) { file_data: fileData }: UploadBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadedAttachmentDto | DirectUploadDto> {
    // Guests always send the file itself: no direct upload terms are handed out to anyone on the internet.
    const received = requireFile(file);
    const owner = await this.subdomains.owner(fileDetails(fileData).subdomain);
    const receipt = await this.commandBus.execute(
      new UploadIncidentAttachmentCommand(
      { tenantId: owner.rootId, customerGroupId: owner.rootId, userId: null, templateId: owner.templateId },
      received,
      fileData,
    ),
    );
    return answerUpload(response, receipt);
  }
}
