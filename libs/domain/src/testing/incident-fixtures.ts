import type { IncidentFormSnapshot, SnapshotField } from '../incident-settings/form-snapshot';
import type { FieldGroupView, FormRuleView } from '../incident-settings/incident-settings.views';
import type { PatchIncident, StartIncident, UpdateIncident } from '../incident/incident.commands';
import type { IncidentActor } from '../incident/incident.records';
import type { KnownUploads } from '../incident/known-uploads';

/** A flood report form with one field of every type, for the incident decider's tests. */

const field = (id: string, field_type: SnapshotField['field_type'], options: string[] = []): SnapshotField => ({
  id,
  label: id[0]!.toUpperCase() + id.slice(1),
  field_type,
  is_pii: false,
  options: options.map((value) => ({ id: `${id}-${value}`, field: id, value })),
});

export const FIELDS = {
  location: field('location', 'TEXT'),
  notes: field('notes', 'TEXTAREA'),
  people: field('people', 'NUMBER'),
  day: field('day', 'DATE'),
  time: field('time', 'TIME'),
  reported: field('reported', 'DATETIME'),
  confirmed: field('confirmed', 'CHECKBOX'),
  severity: field('severity', 'SINGLESELECT', ['low', 'high']),
  services: field('services', 'MULTISELECT', ['fire', 'police', 'ambulance']),
  photos: field('photos', 'ATTACHMENT'),
  shelter: field('shelter', 'TEXT'),
  cause: field('cause', 'TEXT'),
} as const;

const group = (id: string, title: string, order: string, mappings: [string, boolean][], display_conditions: FieldGroupView['display_conditions'] = []): FieldGroupView => ({
  id,
  title,
  content: '',
  form: 'form-1',
  order,
  display_conditions,
  form_field_mappings: mappings.map(([fieldId, is_required]) => ({ field: fieldId, is_required })),
});

const rule = (id: string, for_field: string, type: FormRuleView['type'], value: string, message: string): FormRuleView => ({
  id,
  form: 'form-1',
  order: id,
  name: id,
  for_field,
  type,
  value,
  message,
});

export const FORM: IncidentFormSnapshot = {
  id: 'form-1',
  name: 'Flood report',
  field_groups: [
    group('details', 'Details', 'b', [
      ['location', true],
      ['notes', false],
      ['people', false],
      ['day', false],
      ['time', false],
      ['reported', false],
      ['confirmed', false],
      ['severity', false],
      ['services', false],
      ['photos', false],
    ]),
    // Shown only when the severity is high.
    group('evacuation', 'Evacuation', 'c', [['shelter', true]], [
      { type: 'field', value: 'severity-high', values: null, field_id: 'severity', field_type: 'SINGLESELECT', field_group_id: 'evacuation' },
    ]),
    // Shown only once the incident is resolved.
    group('closure', 'Closure', 'd', [['cause', true]], [
      { type: 'state', value: 'Resolved', values: null, field_id: null, field_type: null, field_group_id: 'closure' },
    ]),
  ],
  fields: { ...FIELDS },
  rules: [
    rule('a', 'location', 'max_length', '20', 'Keep the location under 20 characters.'),
    rule('b', 'people', 'min_value', '0', 'The number of people cannot be negative.'),
  ],
};

export const OLU: IncidentActor = { id: 'user-olu', name: 'Olu Demo' };
export const SAM: IncidentActor = { id: 'user-sam', name: 'Sam Demo' };

export const T0 = '2024-03-01T10:00:00.000Z';
export const T1 = '2024-03-01T10:05:00.000Z';

/** Files uploaded to the organisation, as the handler passes their upload records. */
export const UPLOADS: KnownUploads = {
  k1: { url: '/api/incidents/attachment/k1/', key: 'k1', name: 'river.jpg', created_at: T0, size: 10, content_type: 'image/jpeg' },
  k2: { url: '/api/incidents/attachment/k2/', key: 'k2', name: 'plan.pdf', created_at: T0, size: 2048, content_type: 'application/pdf' },
};

const context = (actor: IncidentActor | null, at: string) => ({ incidentId: 'inc-1', actor, permission: 'OPERATOR', moduleName: 'Case', at });

export const entry = (field_group: string, field: string, values: unknown[]) => ({ field_group, field, values });

export const start = (data: Partial<StartIncident['data']> = {}): StartIncident => ({
  type: 'StartIncident',
  data: {
    ...context(OLU, T0),
    customerGroupId: 'group-north',
    groupPath: ['root', 'group-north'],
    form: FORM,
    template: null,
    defaultOrder: 'zzzzz',
    knownUploads: UPLOADS,
    payload: [entry('details', 'location', ['Riverside'])],
    ...data,
  },
});

export const update = (data: Partial<UpdateIncident['data']> = {}, actor: IncidentActor | null = OLU, at = T1): UpdateIncident => ({
  type: 'UpdateIncident',
  data: { ...context(actor, at), knownUploads: UPLOADS, payload: [], ...data },
});

export const patch = (data: Partial<PatchIncident['data']> = {}, actor: IncidentActor | null = OLU, at = T1): PatchIncident => ({
  type: 'PatchIncident',
  data: { ...context(actor, at), ...data },
});
