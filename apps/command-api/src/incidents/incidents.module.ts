import { Module } from '@nestjs/common';
import { IncidentChangeContext } from './commands/incident-change-context';
import { PatchIncidentHandler } from './commands/patch-incident.handler';
import { StartIncidentHandler } from './commands/start-incident.handler';
import { UpdateIncidentHandler } from './commands/update-incident.handler';
import { IncidentCallers } from './incident-callers';
import { IncidentStore } from './incident-store';
import { IncidentsController } from './incidents.controller';
import { PublicIncidentTemplateController } from './public-incident-template.controller';
import { GuestUploadSweep } from './uploads/guest-upload-sweep';
import { IncidentUploadsController } from './uploads/incident-uploads.controller';
import { TemplateSubdomainOwners } from './uploads/template-subdomain-owner';
import { UploadIncidentAttachmentHandler } from './uploads/upload-incident-attachment.handler';

/** The incident writes: starting and changing incidents, their attachments and guest uploads. */
@Module({
  controllers: [IncidentUploadsController, IncidentsController, PublicIncidentTemplateController],
  providers: [UploadIncidentAttachmentHandler, TemplateSubdomainOwners, IncidentStore, IncidentCallers, StartIncidentHandler, IncidentChangeContext, UpdateIncidentHandler, PatchIncidentHandler, GuestUploadSweep],
})
export class IncidentsModule {}
