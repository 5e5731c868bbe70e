import type { IncidentDto, IncidentListItemDto, IncidentPageDto } from '@beacon/contracts';

/** The list entry of an incident as a live update brings it (the full incident). */
export function listItemOf(incident: IncidentDto & { id: string }): IncidentListItemDto {
  return {
    id: incident.id,
    name: incident.name,
    title: incident.title,
    incident_title: incident.incident_title,
    state: incident.state,
    form: incident.form,
    order: incident.order,
    customer_group: incident.customer_group,
    version: incident.version,
    created_at: incident.created_at ?? '',
    created_by: incident.created_by,
    updated_at: incident.updated_at ?? incident.created_at ?? '',
    updated_by: incident.updated_by,
  };
}

/**
 * The page with a changed incident's row brought up to date at once (the list is then re-read, which
 * also adds new incidents and drops those no longer matching the filters). An older version than the
 * one shown, arriving late, changes nothing.
 */
export function withLiveIncident(page: IncidentPageDto, incident: IncidentDto): IncidentPageDto {
  const { id } = incident;
  if (id === null) return page;
  const index = page.data.findIndex((row) => row.id === id);
  const shown = page.data[index];
  if (shown === undefined || shown.version > incident.version) return page;
  const data = [...page.data];
  data[index] = listItemOf({ ...incident, id });
  return { ...page, data };
}

/** What the title column shows: the incident's title, else the title it was given at start. */
export const displayTitle = (row: Pick<IncidentListItemDto, 'title' | 'incident_title' | 'name'>): string =>
  row.title.trim() || row.incident_title.trim() || row.name;
