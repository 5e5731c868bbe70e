import type {
  IncidentDto,
  IncidentFormDto,
  IncidentHistoryEntryDto,
  IncidentPayloadEntry,
  IncidentTemplateDto,
  PatchIncidentRequest,
  StartIncidentRequest,
  UpdateIncidentRequest,
} from '@beacon/contracts';
import type { ApiClient, DownloadedFile, Method } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { stubApi } from '../../../testing/stub-api';
import { aNewIncident, FORMS, SNAPSHOT } from './incident-fixtures';

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

/**
 * The incident calls answered from memory, the way the contract describes them, so screen tests
 * check the paths, methods and bodies the console sends. `failNext` makes one call fail.
 */
export class FakeIncidentsServer {
  incidents: IncidentDto[] = [];
  forms: IncidentFormDto[] = FORMS;
  /** 'forbidden' answers 403, as the settings-only templates call does for senders. */
  templates: IncidentTemplateDto[] | 'forbidden' = [];
  history: Record<string, IncidentHistoryEntryDto[]> = {};
  /** Earlier versions, by `${id}@${version}`. */
  versions: Record<string, IncidentDto> = {};
  readonly calls: RecordedCall[] = [];
  readonly uploads: { file: File; fileData: unknown }[] = [];
  private failures: { method: Method; path: string; error: unknown }[] = [];
  private next = 100;

  constructor(incidents: IncidentDto[] = []) {
    this.incidents = incidents;
  }

  failNext(method: Method, path: string, error: unknown): void {
    this.failures.push({ method, path, error });
  }

  callsTo(method: Method, path: string | RegExp): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path)));
  }

  api(overrides: Partial<ApiClient> = {}): ApiClient {
    return stubApi({
      send: ((method: Method, path: string, body?: unknown) => this.answer(method, path, body)) as ApiClient['send'],
      sendForm: ((method: Method, path: string, form: FormData) => this.upload(method, path, form)) as ApiClient['sendForm'],
      fetchFile: async (method, path, body) => {
        this.calls.push({ method, path, body });
        return { blob: new Blob(['%PDF-1.4']), filename: null } satisfies DownloadedFile;
      },
      ...overrides,
    });
  }

  private async answer(method: Method, path: string, body: unknown): Promise<unknown> {
    this.calls.push({ method, path, body });
    const failure = this.failures.findIndex((candidate) => candidate.method === method && candidate.path === path);
    if (failure >= 0) {
      const [{ error }] = this.failures.splice(failure, 1);
      throw error;
    }
    const [pathname, search = ''] = path.split('?');
    const params = new URLSearchParams(search);
    const match = (pattern: RegExp) => pattern.exec(pathname);
    let m: RegExpExecArray | null;

    if (method === 'GET' && pathname === '/api/incidents/incident/') {
      const data = [...this.incidents].sort((a, b) => (a.order < b.order ? -1 : 1)).map(({ form_snapshot: _s, field_values: _v, ignored_field_groups: _i, template: _t, ...item }) => item);
      return { data, number_of_pages: 1, count: data.length };
    }
    if (method === 'GET' && pathname === '/api/incidents/form/') return this.forms;
    if (method === 'GET' && pathname === '/api/incidents/incident_template/') {
      if (this.templates === 'forbidden') throw new ApiError(403, { detail: 'You do not have permission to perform this action.' });
      return this.templates;
    }
    if (method === 'POST' && pathname === '/api/incidents/incident/') {
      const request = body as { form: string; order?: string; incident_title?: string };
      return aNewIncident({ form: request.form, order: request.order ?? 'zzzzz', incident_title: request.incident_title ?? '' });
    }
    if (method === 'GET' && (m = match(/^\/api\/incidents\/create_incident_from_template\/([^/]+)\/$/))) {
      return aNewIncident({ template: m[1], incident_title: 'From template' });
    }
    if (method === 'POST' && (m = match(/^\/api\/incidents\/incident\/start\/([^/]+)\/$/))) return this.start(m[1], null, body as StartIncidentRequest);
    if (method === 'PUT' && (m = match(/^\/api\/incidents\/start_incident_from_template\/([^/]+)\/$/))) {
      return this.start('form-1', m[1], body as StartIncidentRequest);
    }
    if ((m = match(/^\/api\/incidents\/incident\/([^/]+)\/history\/$/)) && method === 'GET') return { entries: this.history[m[1]] ?? [] };
    if ((m = match(/^\/api\/incidents\/incident\/([^/]+)\/$/))) {
      const id = decodeURIComponent(m[1]);
      const incident = this.incidents.find((candidate) => candidate.id === id);
      if (!incident) throw new ApiError(404, { detail: 'Not found.' });
      if (method === 'GET') {
        const version = params.get('version');
        if (version === null) return incident;
        const earlier = this.versions[`${id}@${version}`];
        if (!earlier) throw new ApiError(404, { detail: 'Not found.' });
        return earlier;
      }
      if (method === 'PUT') return this.replace(this.updated(incident, body as UpdateIncidentRequest));
      if (method === 'PATCH') {
        const patch = body as PatchIncidentRequest;
        return this.replace({ ...incident, ...(patch.state ? { state: patch.state } : {}), version: incident.version + 1 });
      }
    }
    throw new ApiError(404, { detail: `No fake for ${method} ${path}` });
  }

  private start(form: string, template: string | null, request: StartIncidentRequest): IncidentDto {
    const id = `inc-${this.next++}`;
    const incident: IncidentDto = {
      ...aNewIncident({ form, template }),
      id,
      title: `Fire report #${this.next}`,
      incident_title: request.incident_title ?? '',
      state: 'active',
      order: request.order ?? 'zzzzz',
      field_values: valuesOf(request.payload ?? []),
      ignored_field_groups: request.ignored_field_groups ?? [],
      version: 1,
      created_at: '2024-03-06T09:00:00Z',
      created_by: { id: 'user-1', name: 'Olu Demo' },
      updated_at: '2024-03-06T09:00:00Z',
      updated_by: { id: 'user-1', name: 'Olu Demo' },
    };
    this.incidents.push(incident);
    return incident;
  }

  private updated(incident: IncidentDto, request: UpdateIncidentRequest): IncidentDto {
    return {
      ...incident,
      incident_title: request.incident_title ?? incident.incident_title,
      field_values: valuesOf(request.payload),
      ignored_field_groups: request.ignored_field_groups ?? incident.ignored_field_groups,
      version: incident.version + 1,
    };
  }

  private replace(incident: IncidentDto): IncidentDto {
    this.incidents = this.incidents.map((candidate) => (candidate.id === incident.id ? incident : candidate));
    return incident;
  }

  private async upload(method: Method, path: string, form: FormData): Promise<unknown> {
    this.calls.push({ method, path, body: form });
    const file = form.get('file') as File;
    this.uploads.push({ file, fileData: JSON.parse(String(form.get('file_data'))) });
    const key = `k-${this.next++}`;
    return { url: `/api/incidents/attachment/${key}/`, key, name: file.name, created_at: '2024-03-06T09:00:00Z' };
  }
}

function valuesOf(payload: readonly IncidentPayloadEntry[]): IncidentDto['field_values'] {
  return payload.map((entry) => ({ ...entry, field_type: SNAPSHOT.fields[entry.field]?.field_type ?? 'TEXT' }));
}
