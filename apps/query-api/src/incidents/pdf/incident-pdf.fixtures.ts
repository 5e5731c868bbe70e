import type { FieldGroupDto, IncidentDto, IncidentHistoryDto, SnapshotFieldDto } from '@beacon/contracts';

/** An incident with one field of every type, a group shown only when closed, and an ignored group. */
const field = (id: string, label: string, field_type: SnapshotFieldDto['field_type'], options: SnapshotFieldDto['options'] = []): SnapshotFieldDto => ({
  id,
  label,
  field_type,
  is_pii: false,
  options,
});

const group = (id: string, title: string, fields: string[], extra: Partial<FieldGroupDto> = {}): FieldGroupDto => ({
  id,
  title,
  content: '',
  form: 'form-1',
  order: 'm',
  display_conditions: [],
  form_field_mappings: fields.map((id) => ({ field: id, is_required: false })),
  ...extra,
});

const FIELDS = [
  field('f-text', 'Location', 'TEXT'),
  field('f-area', 'Description', 'TEXTAREA'),
  field('f-number', 'People affected', 'NUMBER'),
  field('f-date', 'Date noticed', 'DATE'),
  field('f-time', 'Time noticed', 'TIME'),
  field('f-datetime', 'Reported at', 'DATETIME'),
  field('f-check', 'Police informed', 'CHECKBOX'),
  field('f-check-off', 'Press informed', 'CHECKBOX'),
  field('f-single', 'Severity', 'SINGLESELECT', [
    { id: 'o-low', field: 'f-single', value: 'Low' },
    { id: 'o-high', field: 'f-single', value: 'High' },
  ]),
  field('f-multi', 'Services', 'MULTISELECT', [
    { id: 'o-fire', field: 'f-multi', value: 'Fire brigade' },
    { id: 'o-amb', field: 'f-multi', value: 'Ambulance' },
    { id: 'o-pol', field: 'f-multi', value: 'Police' },
  ]),
  field('f-file', 'Photos', 'ATTACHMENT'),
  field('f-empty', 'Witness', 'TEXT'),
  field('f-closing', 'Closing notes', 'TEXT'),
  field('f-ignored', 'Ignored detail', 'TEXT'),
];

export function incidentFixture(overrides: Partial<IncidentDto> = {}): IncidentDto {
  return {
    id: 'incident-1',
    name: 'Fire report',
    title: 'Fire report',
    incident_title: 'Warehouse fire',
    state: 'active',
    form: 'form-1',
    template: null,
    order: 'm',
    customer_group: 'group-1',
    version: 3,
    created_at: '2024-03-01T09:15:00.000Z',
    created_by: { id: 'u-1', name: 'Olu Demo' },
    updated_at: '2024-07-02T13:45:30.000Z',
    updated_by: { id: 'u-2', name: 'Sam Demo' },
    ignored_field_groups: ['g-ignored'],
    form_snapshot: {
      id: 'form-1',
      name: 'Fire report',
      fields: Object.fromEntries(FIELDS.map((f) => [f.id, f])),
      rules: [],
      field_groups: [
        group('g-main', 'What happened', ['f-text', 'f-area', 'f-number', 'f-date', 'f-time', 'f-datetime', 'f-empty'], {
          content: '<p>Tell us <b>what</b> you saw &amp; where.</p>',
        }),
        group('g-response', 'Response', ['f-check', 'f-check-off', 'f-single', 'f-multi', 'f-file']),
        group('g-closed', 'Closing', ['f-closing'], { display_conditions: [{ type: 'state', value: 'Closed' }] }),
        group('g-ignored', 'Ignored group', ['f-ignored']),
      ],
    },
    field_values: [
      { field: 'f-text', field_group: 'g-main', field_type: 'TEXT', values: ['Dock 4'] },
      { field: 'f-area', field_group: 'g-main', field_type: 'TEXTAREA', values: ['Smoke from the roof'] },
      { field: 'f-number', field_group: 'g-main', field_type: 'NUMBER', values: [12] },
      { field: 'f-date', field_group: 'g-main', field_type: 'DATE', values: ['2024-03-01'] },
      { field: 'f-time', field_group: 'g-main', field_type: 'TIME', values: ['08:05:09.123456'] },
      { field: 'f-datetime', field_group: 'g-main', field_type: 'DATETIME', values: ['2024-07-02T13:45:30.000Z'] },
      { field: 'f-check', field_group: 'g-response', field_type: 'CHECKBOX', values: [true] },
      { field: 'f-check-off', field_group: 'g-response', field_type: 'CHECKBOX', values: [] },
      { field: 'f-single', field_group: 'g-response', field_type: 'SINGLESELECT', values: ['o-high'] },
      { field: 'f-multi', field_group: 'g-response', field_type: 'MULTISELECT', values: ['o-fire', { value: 'o-pol', is_expired: true }, 'o-amb'] },
      {
        field: 'f-file',
        field_group: 'g-response',
        field_type: 'ATTACHMENT',
        values: [
          { url: '/api/incidents/attachment/a1/', key: 'a1', name: 'roof.jpg', created_at: '2024-03-01T09:20:00.000Z' },
          { url: '/api/incidents/attachment/a2/', key: 'a2', name: 'dock-plan.pdf', created_at: '2024-03-01T09:21:00.000Z' },
        ],
      },
      { field: 'f-closing', field_group: 'g-closed', field_type: 'TEXT', values: ['All clear'] },
      { field: 'f-ignored', field_group: 'g-ignored', field_type: 'TEXT', values: ['Should not show'] },
    ],
    ...overrides,
  };
}

export const HISTORY_FIXTURE: IncidentHistoryDto = {
  entries: [
    { version: 1, at: '2024-03-01T09:15:00.000Z', actor: { id: 'u-1', name: 'Olu Demo' }, kind: 'started', changes: [] },
    {
      version: 2,
      at: '2024-03-01T10:00:00.000Z',
      actor: { id: 'u-2', name: 'Sam Demo' },
      kind: 'updated',
      changes: [{ field: 'f-text', label: 'Location', field_group: 'g-main', field_group_title: 'What happened', from: 'Dock 3', to: 'Dock 4' }],
    },
    {
      version: 3,
      at: '2024-07-02T13:45:30.000Z',
      actor: { id: 'u-2', name: 'Sam Demo' },
      kind: 'state_changed',
      changes: [{ field: 'state', label: 'State', from: 'monitoring', to: 'active' }],
    },
  ],
};
