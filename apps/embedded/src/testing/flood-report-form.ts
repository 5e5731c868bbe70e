import request from 'supertest';
import type { FieldGroupDto, IncidentFieldDto, IncidentFormDto, IncidentTemplateDto } from '@beacon/contracts';
import { auth, type TestApp } from './embedded-test-app';

/**
 * A form built through the incident settings calls, for the incident API tests:
 * "Details" (Location required, People, Severity Low/High, Notes, Photos) and "Evacuation" (Shelter
 * required), which shows only while the severity is High; rules on Location (at most 20 characters)
 * and People (not negative); and a template with a public subdomain and a preset Notes value.
 */
export interface FloodReportForm {
  readonly form: IncidentFormDto;
  readonly details: FieldGroupDto;
  readonly evacuation: FieldGroupDto;
  readonly fields: Record<'location' | 'people' | 'severity' | 'notes' | 'photos' | 'shelter', IncidentFieldDto>;
  readonly high: string;
  readonly low: string;
  readonly template: IncidentTemplateDto;
  /** Position of the last settings write, for reads that must see the settings. */
  readonly position: string;
}

export const LOCATION_RULE_MESSAGE = 'Keep the location under 20 characters.';
export const PEOPLE_RULE_MESSAGE = 'The number of people cannot be negative.';

export async function createFloodReportForm(app: TestApp, key: string, name = 'Flood report'): Promise<FloodReportForm> {
  let position = '0';
  const post = async <T>(path: string, body: object): Promise<T> => {
    const response = await request(app.url).post(path).set(auth(key)).send(body);
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    position = response.headers['x-event-position'] ?? position;
    return response.body as T;
  };
  const field = (label: string, field_type: string) => post<IncidentFieldDto>('/api/incidents/field/', { label, field_type });
  const fields = {
    location: await field('Location', 'TEXT'),
    people: await field('People', 'NUMBER'),
    severity: await field('Severity', 'SINGLESELECT'),
    notes: await field('Notes', 'TEXTAREA'),
    photos: await field('Photos', 'ATTACHMENT'),
    shelter: await field('Shelter', 'TEXT'),
  };
  const low = (await post<{ id: string }>('/api/incidents/option/', { field: fields.severity.id, value: 'Low' })).id;
  const high = (await post<{ id: string }>('/api/incidents/option/', { field: fields.severity.id, value: 'High' })).id;
  const form = await post<IncidentFormDto>('/api/incidents/form/', { name });
  const details = await post<FieldGroupDto>('/api/incidents/field_group/', {
    title: 'Details',
    form: form.id,
    form_field_mappings: [
      { field: fields.location.id, is_required: true },
      { field: fields.people.id, is_required: false },
      { field: fields.severity.id, is_required: false },
      { field: fields.notes.id, is_required: false },
      { field: fields.photos.id, is_required: false },
    ],
  });
  const evacuation = await post<FieldGroupDto>('/api/incidents/field_group/', {
    title: 'Evacuation',
    form: form.id,
    form_field_mappings: [{ field: fields.shelter.id, is_required: true }],
    display_conditions: [{ type: 'field', field_id: fields.severity.id, value: high }],
  });
  await post(`/api/incidents/form/${form.id}/rules/`, { for_field: fields.location.id, type: 'max_length', value: '20', message: LOCATION_RULE_MESSAGE });
  await post(`/api/incidents/form/${form.id}/rules/`, { for_field: fields.people.id, type: 'min_value', value: '0', message: PEOPLE_RULE_MESSAGE });
  const template = await post<IncidentTemplateDto>('/api/incidents/incident_template/', {
    data: {
      name: `${name} template`,
      form: form.id,
      incident_title: 'River flood',
      subdomain: `river-${Math.random().toString(36).slice(2, 10)}`,
      field_values: [{ field: fields.notes.id, field_group: details.id, values: ['Sandbags ready'] }],
    },
  });
  return { form, details, evacuation, fields, high, low, template, position };
}
