import type { IncidentDto, IncidentListItemDto, IncidentPageDto } from '@beacon/contracts';

/** Incidents as the server would answer them, for the specs of this folder. */
export function aListItem(id: string, overrides: Partial<IncidentListItemDto> = {}): IncidentListItemDto {
  return {
    id,
    name: 'Flood report',
    title: `Incident ${id}`,
    incident_title: '',
    state: 'active',
    form: 'form-1',
    order: 'm',
    customer_group: 'group-1',
    version: 1,
    created_at: '2024-03-05T13:04:05.000Z',
    created_by: { id: 'user-1', name: 'Olu Demo' },
    updated_at: '2024-03-06T08:00:00.000Z',
    updated_by: { id: 'user-2', name: 'Sam Demo' },
    ...overrides,
  };
}

export function aPage(rows: IncidentListItemDto[], overrides: Partial<IncidentPageDto> = {}): IncidentPageDto {
  return { data: rows, count: rows.length, number_of_pages: 1, ...overrides };
}

/** The full incident a live update carries. */
export function anIncident(row: IncidentListItemDto, overrides: Partial<IncidentDto> = {}): IncidentDto {
  return {
    ...row,
    template: null,
    form_snapshot: { id: row.form, name: row.name, field_groups: [], fields: {}, rules: [] },
    field_values: [],
    ignored_field_groups: [],
    ...overrides,
  };
}
