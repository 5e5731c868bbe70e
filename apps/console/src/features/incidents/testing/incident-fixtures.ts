import type { FieldGroupDto, FormSnapshotDto, IncidentDto, IncidentFormDto, IncidentListItemDto, SnapshotFieldDto } from '@beacon/contracts';
import { listItemOf } from '../../../formatting/incident-list';

const field = (id: string, label: string, field_type: SnapshotFieldDto['field_type'], extra: Partial<SnapshotFieldDto> = {}): SnapshotFieldDto => ({
  id,
  label,
  field_type,
  is_pii: false,
  options: [],
  ...extra,
});

export const FIELDS = {
  location: field('f-location', 'Location', 'TEXT'),
  severity: field('f-severity', 'Severity', 'SINGLESELECT', {
    options: [
      { id: 'opt-low', field: 'f-severity', value: 'Low' },
      { id: 'opt-high', field: 'f-severity', value: 'High' },
    ],
  }),
  casualties: field('f-casualties', 'Casualties', 'NUMBER'),
  reporter: field('f-reporter', 'Reporter phone', 'TEXT', { is_pii: true }),
  escalation: field('f-escalation', 'Escalation plan', 'TEXTAREA'),
  photos: field('f-photos', 'Photos', 'ATTACHMENT'),
  occurred: field('f-occurred', 'Occurred on', 'DATE'),
  contained: field('f-contained', 'Contained', 'CHECKBOX'),
  teams: field('f-teams', 'Teams', 'MULTISELECT', {
    options: [
      { id: 'opt-fire', field: 'f-teams', value: 'Fire' },
      { id: 'opt-medical', field: 'f-teams', value: 'Medical' },
    ],
  }),
} satisfies Record<string, SnapshotFieldDto>;

const group = (id: string, title: string, order: string, fields: [SnapshotFieldDto, boolean][], extra: Partial<FieldGroupDto> = {}): FieldGroupDto => ({
  id,
  title,
  content: '',
  form: 'form-1',
  order,
  display_conditions: [],
  form_field_mappings: fields.map(([f, is_required]) => ({ field: f.id, is_required })),
  ...extra,
});

/**
 * A form of three groups: Details (Location required), Escalation (shown only for High severity;
 * Escalation plan required) and Evidence (photos, date, checkbox, teams; may be ignored).
 */
export const GROUPS = {
  details: group('g-details', 'Details', 'b', [
    [FIELDS.location, true],
    [FIELDS.severity, false],
    [FIELDS.casualties, false],
    [FIELDS.reporter, false],
  ]),
  escalation: group('g-escalation', 'Escalation', 'c', [[FIELDS.escalation, true]], {
    display_conditions: [{ type: 'field', field_id: FIELDS.severity.id, field_type: 'SINGLESELECT', value: 'opt-high' }],
  }),
  evidence: group('g-evidence', 'Evidence', 'd', [
    [FIELDS.photos, true],
    [FIELDS.occurred, false],
    [FIELDS.contained, false],
    [FIELDS.teams, false],
  ]),
};

export const SNAPSHOT: FormSnapshotDto = {
  id: 'form-1',
  name: 'Fire report',
  field_groups: [GROUPS.details, GROUPS.escalation, GROUPS.evidence],
  fields: Object.fromEntries(Object.values(FIELDS).map((f) => [f.id, f])),
  rules: [],
};

export const FORMS: IncidentFormDto[] = [
  { id: 'form-1', name: 'Fire report', order: 'm', field_groups: SNAPSHOT.field_groups },
  { id: 'form-2', name: 'Flood report', order: 'n', field_groups: [] },
];

/** A recorded incident (version 3), Location "Dock 4", Photos ignored. */
export function anIncident(overrides: Partial<IncidentDto> = {}): IncidentDto {
  return {
    id: 'inc-1',
    name: 'Fire report',
    title: 'Fire report #1',
    incident_title: 'Warehouse fire',
    state: 'active',
    form: 'form-1',
    template: null,
    order: 'm',
    customer_group: 'group-1',
    form_snapshot: SNAPSHOT,
    field_values: [
      { field: FIELDS.location.id, field_group: GROUPS.details.id, field_type: 'TEXT', values: ['Dock 4'] },
      { field: FIELDS.severity.id, field_group: GROUPS.details.id, field_type: 'SINGLESELECT', values: ['opt-low'] },
    ],
    ignored_field_groups: [GROUPS.evidence.id],
    version: 3,
    created_at: '2024-03-05T10:00:00Z',
    created_by: { id: 'user-9', name: 'Olu Demo' },
    updated_at: '2024-03-05T11:00:00Z',
    updated_by: { id: 'user-9', name: 'Olu Demo' },
    ...overrides,
  };
}

/** A new incident from the form, not recorded yet. */
export function aNewIncident(overrides: Partial<IncidentDto> = {}): IncidentDto {
  return anIncident({
    id: null,
    title: '',
    incident_title: '',
    state: 'draft',
    order: 'l',
    field_values: [],
    ignored_field_groups: [],
    version: 0,
    created_at: null,
    created_by: null,
    updated_at: null,
    updated_by: null,
    ...overrides,
  });
}

/** The incident with the given values of fields of the Details group replaced. */
export function withDetails(incident: IncidentDto, values: Record<string, unknown[]>): IncidentDto {
  const replaced = new Set(Object.keys(values));
  return {
    ...incident,
    field_values: [
      ...incident.field_values.filter((entry) => !(entry.field_group === GROUPS.details.id && replaced.has(entry.field))),
      ...Object.entries(values).map(([fieldId, list]) => ({
        field: fieldId,
        field_group: GROUPS.details.id,
        field_type: SNAPSHOT.fields[fieldId].field_type,
        values: list as IncidentDto['field_values'][number]['values'],
      })),
    ],
  };
}

export function aListItem(incident: IncidentDto): IncidentListItemDto {
  const item = listItemOf(incident);
  if (!item) throw new Error('a new incident is not listed');
  return item;
}
