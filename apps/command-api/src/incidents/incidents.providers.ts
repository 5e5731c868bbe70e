import type { Provider, Type } from '@nestjs/common';
import { IncidentChangeContext } from './commands/incident-change-context';
import { PatchIncidentHandler } from './commands/patch-incident.handler';
import { UpdateIncidentHandler } from './commands/update-incident.handler';
import { StartIncidentHandler } from './commands/start-incident.handler';
import { IncidentCallers } from './incident-callers';
import { IncidentStore } from './incident-store';
import { IncidentsController } from './incidents.controller';
import { PublicIncidentTemplateController } from './public-incident-template.controller';
import { GuestUploadSweep } from './uploads/guest-upload-sweep';
import { IncidentUploadsController } from './uploads/incident-uploads.controller';
import { TemplateSubdomainOwners } from './uploads/template-subdomain-owner';
import { RecordedUploads } from './uploads/recorded-uploads';
import { UploadIncidentAttachmentHandler } from './uploads/upload-incident-attachment.handler';

/** Controllers and providers of the incidents calls this app serves. */
export const INCIDENTS_CONTROLLERS: Type[] = [IncidentUploadsController, IncidentsController, PublicIncidentTemplateController];
export const INCIDENTS_PROVIDERS: Provider[] = [
  UploadIncidentAttachmentHandler,
  TemplateSubdomainOwners,
  RecordedUploads,
  IncidentStore,
  IncidentCallers,
  StartIncidentHandler,
  IncidentChangeContext,
  UpdateIncidentHandler,
  PatchIncidentHandler,
  GuestUploadSweep,
];
