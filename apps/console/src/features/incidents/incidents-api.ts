import {
  ROUTES,
  type IncidentDto,
  type IncidentFormDto,
  type IncidentHistoryDto,
  type IncidentListItemDto,
  type IncidentPageDto,
  type IncidentTemplateDto,
  type NewIncidentRequest,
  type UploadedAttachmentDto,
  type UploadFileData,
} from '@beacon/contracts';
import type { ApiClient, DownloadedFile } from '../../api/api-client';
import type { IncidentWrite } from './incident-calls';

/** The calls the Start, Create and Edit incident screens make, typed over the API client's generic ones. */
export interface IncidentsApi {
  /** GET /api/incidents/incident/?items_per_page=0: every incident the user reaches, in their order. */
  incidents(): Promise<IncidentListItemDto[]>;
  /** GET /api/incidents/incident/{id}/, or with `version` the incident as it stood then. */
  incident(id: string, version?: number): Promise<IncidentDto>;
  /** GET /api/incidents/incident/{id}/history/ */
  history(id: string): Promise<IncidentHistoryDto>;
  /** GET /api/incidents/form/ */
  forms(): Promise<IncidentFormDto[]>;
  /** GET /api/incidents/incident_template/ (admins and operators only). */
  templates(): Promise<IncidentTemplateDto[]>;
  /** POST /api/incidents/incident/: a new, not yet recorded incident from a form. */
  newIncident(request: NewIncidentRequest): Promise<IncidentDto>;
  /** GET /api/incidents/create_incident_from_template/{id}/ */
  newIncidentFromTemplate(templateId: string): Promise<IncidentDto>;
  /** Start, update or patch, as the incident machine asks. */
  write(write: IncidentWrite): Promise<IncidentDto>;
  /** POST /api/incidents/incident/upload/ (multipart: file, file_data JSON). */
  uploadAttachment(file: File, fileData: UploadFileData): Promise<UploadedAttachmentDto>;
  /** An attachment's content, from the url its upload answered. */
  attachment(url: string): Promise<DownloadedFile>;
}

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** A list answer, whether the server sends the list itself or wraps it in `data`. */
function listOf<T>(answer: T[] | { data: T[] } | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.data ?? [];
}

export function incidentsApi(api: Pick<ApiClient, 'send' | 'sendForm' | 'fetchFile'>): IncidentsApi {
  return {
    incidents: async () => (await api.send<IncidentPageDto>('GET', `${ROUTES.incidents.path}?items_per_page=0`)).data,
    incident: (id, version) =>
      api.send('GET', `${withId(ROUTES.incident.path, id)}${version === undefined ? '' : `?version=${version}`}`),
    history: (id) => api.send('GET', withId(ROUTES.incidentHistory.path, id)),
    forms: async () => listOf(await api.send<IncidentFormDto[] | { data: IncidentFormDto[] }>('GET', ROUTES.incidentForms.path)),
    templates: async () =>
      listOf(await api.send<IncidentTemplateDto[] | { data: IncidentTemplateDto[] }>('GET', ROUTES.incidentTemplates.path)),
    newIncident: (request) => api.send('POST', ROUTES.newIncident.path, request),
    newIncidentFromTemplate: (templateId) => api.send('GET', withId(ROUTES.newIncidentFromTemplate.path, templateId)),
    write: (write) => {
      switch (write.kind) {
        case 'start':
          return api.send('POST', withId(ROUTES.startIncident.path, write.form), write.body);
        case 'startFromTemplate':
          return api.send('PUT', withId(ROUTES.startIncidentFromTemplate.path, write.template), write.body);
        case 'update':
          return api.send('PUT', withId(ROUTES.updateIncident.path, write.id), write.body);
        case 'patch':
          return api.send('PATCH', withId(ROUTES.patchIncident.path, write.id), write.body);
      }
    },
    uploadAttachment: (file, fileData) => {
      const form = new FormData();
      form.append('file', file);
      form.append('file_data', JSON.stringify(fileData));
      return api.sendForm('POST', ROUTES.uploadIncidentAttachment.path, form);
    },
    attachment: (url) => api.fetchFile('GET', url),
  };
}
