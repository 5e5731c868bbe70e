import type { IncidentDto, IncidentListItemDto } from '@beacon/contracts';
import { keyAtStart } from '@beacon/domain';

/** An incident as the list shows it; null for a new incident that has not been recorded. */
export function listItemOf(incident: IncidentDto): IncidentListItemDto | null {
  if (incident.id === null) return null;
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

/** What the list calls an incident: its title, else the server's title, else its form's name. */
export function displayTitle(incident: Pick<IncidentListItemDto, 'incident_title' | 'title' | 'name'>): string {
  return incident.incident_title.trim() || incident.title.trim() || incident.name;
}

/** Spec §4: a newly started incident is added at the top of the list (replacing any copy of it). */
export function addedAtTop(list: readonly IncidentListItemDto[], item: IncidentListItemDto): IncidentListItemDto[] {
  return [item, ...list.filter((entry) => entry.id !== item.id)];
}

/**
 * A change someone made, applied in place: a changed incident is updated where it is (an older
 * version never replaces a newer one), a new one is put where its order key sorts.
 */
export function withChange(list: readonly IncidentListItemDto[], item: IncidentListItemDto): IncidentListItemDto[] {
  const index = list.findIndex((entry) => entry.id === item.id);
  if (index >= 0) {
    if (list[index].version > item.version) return [...list];
    return list.map((entry, at) => (at === index ? item : entry));
  }
  const before = list.findIndex((entry) => item.order < entry.order);
  return before < 0 ? [...list, item] : [...list.slice(0, before), item, ...list.slice(before)];
}

/**
 * The order key of a new incident: before the first incident of the list (keyAtStart). A list
 * whose keys cannot take one before them leaves the choice to the server (undefined).
 */
export function orderBeforeFirst(list: readonly IncidentListItemDto[]): string | undefined {
  const keys = list.map((item) => item.order).filter((key) => /^[a-z]+$/.test(key));
  const first = keys.reduce<string | undefined>((lowest, key) => (lowest === undefined || key < lowest ? key : lowest), undefined);
  try {
    return keyAtStart(first === undefined ? [] : [first]);
  } catch {
    return undefined;
  }
}
