import { Body, Controller, Inject, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ROUTES, type UploadedAttachmentDto } from '@beacon/contracts';
import { CurrentPrincipal, Public, type Principal } from '@beacon/platform';
import { exposePosition } from '../../shared/event-position';
import { AttachmentUpload, type ReceivedFile } from './attachment-upload.interceptor';
import { TemplateSubdomainOwners } from './template-subdomain-owner';
import { parseUploadFileData } from './upload-file-data';
import { requireFile, UploadIncidentAttachmentHandler } from './upload-incident-attachment.handler';
import { MAX_ATTACHMENT_BYTES, MAX_GUEST_ATTACHMENT_BYTES } from './upload-limits';

type Response = Parameters<typeof exposePosition>[0];

const fileDataOf = (body: unknown) => parseUploadFileData((body as Record<string, unknown> | undefined)?.file_data);

/** Attachments for incident ATTACHMENT fields (spec part 1 §7 "Uploads"), multipart `file` + `file_data`. */
@Controller()
export class IncidentUploadsController {
  constructor(
    @Inject(UploadIncidentAttachmentHandler) private readonly upload: UploadIncidentAttachmentHandler,
    @Inject(TemplateSubdomainOwners) private readonly subdomains: TemplateSubdomainOwners,
  ) {}

  /** POST /api/incidents/incident/upload/: stored in the caller's organisation. */
  @Post(ROUTES.uploadIncidentAttachment.path)
  @UseInterceptors(AttachmentUpload(MAX_ATTACHMENT_BYTES))
  async uploadIncidentAttachment(
    @CurrentPrincipal() principal: Principal,
    @UploadedFile() file: ReceivedFile | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadedAttachmentDto> {
    const received = requireFile(file);
    const fileData = fileDataOf(body);
    const outcome = await this.upload.execute(
      { tenantId: principal.rootId, customerGroupId: principal.customerGroupId, userId: principal.userId },
      received,
      fileData,
    );
    exposePosition(response, outcome.position);
    return outcome.attachment;
  }

  /** POST /api/incidents/upload_attachment_from_template/ (public): stored in the organisation of the template file_data.subdomain selects. */
  @Public()
  @Post(ROUTES.uploadAttachmentFromTemplate.path)
  @UseInterceptors(AttachmentUpload(MAX_GUEST_ATTACHMENT_BYTES))
  async uploadAttachmentFromTemplate(
    @UploadedFile() file: ReceivedFile | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadedAttachmentDto> {
    const received = requireFile(file);
    const fileData = fileDataOf(body);
    const owner = await this.subdomains.owner(fileData.subdomain);
    const outcome = await this.upload.execute(
      { tenantId: owner.rootId, customerGroupId: owner.rootId, userId: null, templateId: owner.templateId },
      received,
      fileData,
    );
    exposePosition(response, outcome.position);
    return outcome.attachment;
  }
}
