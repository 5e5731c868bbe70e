import type { IncidentDto, IncidentListItemDto, IncidentPageDto } from '@beacon/contracts';
import { listItemOf } from '../../formatting/incident-list';

/**
 * The page with a changed incident's row brought up to date at once (the list is then re-read, which
 * also adds new incidents and drops those no longer matching the filters). An older version than the
 * one shown, arriving late, changes nothing.
 */
export function withLiveIncident(page: IncidentPageDto, incident: IncidentDto): IncidentPageDto {
  // A live update brings the full incident; the row is its list entry.
  const item = listItemOf(incident);
  if (item === null) return page;
  const index = page.data.findIndex((row) => row.id === item.id);
  const shown = page.data[index];
  if (shown === undefined || shown.version > item.version) return page;
  const data = [...page.data];
  data[index] = item;
  return { ...page, data };
}

/** What the title column shows: the incident's title, else the title it was given at start. */
export const displayTitle = (row: Pick<IncidentListItemDto, 'title' | 'incident_title' | 'name'>): string =>
  row.title.trim() || row.incident_title.trim() || row.name;
