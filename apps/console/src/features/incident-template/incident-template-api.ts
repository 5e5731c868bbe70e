import {
  ROUTES,
  type IncidentTemplateWithFormDto,
  type StartIncidentRequest,
  type UploadFileData,
  type UploadedAttachmentDto,
} from '@beacon/contracts';
import type { ApiClient } from '../../api/api-client';

/** The public calls of the incident template page; a guest has no token, so none is sent. */
export interface IncidentTemplateApi {
  /** GET /api/incidents/public_incident_template/{subdomain}/ (404 for an unknown subdomain). */
  publicTemplate(subdomain: string): Promise<IncidentTemplateWithFormDto>;
  /** POST /api/incidents/upload_attachment_from_template/ (multipart: file, file_data JSON). */
  uploadAttachment(subdomain: string, field: string, file: File): Promise<UploadedAttachmentDto>;
  /** POST /api/incidents/public_incident_template/{subdomain}/start/ */
  startIncident(subdomain: string, request: StartIncidentRequest): Promise<unknown>;
}

const withSubdomain = (path: string, subdomain: string) => path.replace(':subdomain', encodeURIComponent(subdomain));

export function incidentTemplateApi(api: Pick<ApiClient, 'send' | 'sendForm'>): IncidentTemplateApi {
  return {
    publicTemplate: (subdomain) => api.send('GET', withSubdomain(ROUTES.publicIncidentTemplate.path, subdomain)),
    uploadAttachment: (subdomain, field, file) => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('file_data', JSON.stringify({ subdomain, field } satisfies UploadFileData));
      return api.sendForm('POST', ROUTES.uploadAttachmentFromTemplate.path, form);
    },
    startIncident: (subdomain, request) =>
      api.send('POST', withSubdomain(ROUTES.startPublicIncidentFromTemplate.path, subdomain), request),
  };
}
