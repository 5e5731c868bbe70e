import { INCIDENTS_LIVE_RESOURCE, READ_MODELS, type IncidentDto } from '@beacon/contracts';
import { isIncidentEventType, type IncidentEvent, type IncidentStarted } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

export const INCIDENTS = READ_MODELS.incidents;

/** One document per incident: the incident as the API answers it, plus what reach and search look at. */
export interface IncidentDocument extends Document, IncidentDto {
  id: string;
  created_at: string;
  updated_at: string;
  /** Ids from the tenant root down to the incident's group: its users and their ancestors' reach it. */
  group_path: string[];
  /** Title and form name, lower-cased, for the case-insensitive search of the filters. */
  search_text: string;
}

const incidentEvent = (event: RecordedEvent): IncidentEvent | null =>
  isIncidentEventType(event.type) ? ({ type: event.type, data: event.data } as IncidentEvent) : null;

function document(event: IncidentEvent, current: IncidentDocument | null): IncidentDocument {
  const { incident } = event.data;
  const groupPath = event.type === 'IncidentStarted' ? (event.data as IncidentStarted['data']).groupPath : (current?.group_path ?? []);
  return {
    ...incident,
    _id: incident.id,
    group_path: [...groupPath],
    search_text: `${incident.title}\n${incident.name}`.toLowerCase(),
  };
}

/**
 * Every incident event carries the incident as it now stands, so the document is that incident and
 * the live update sends it whole (resource `incidents`, to the rooms of the incident's group).
 */
export const incidentsProjection: ProjectionDefinition = {
  name: 'incidents',
  collections: [INCIDENTS],
  project(event) {
    const incidentEventOf = incidentEvent(event);
    if (!incidentEventOf) return [];
    return [
      {
        collection: INCIDENTS,
        tenantId: String(event.metadata.tenantId),
        id: incidentEventOf.data.incidentId,
        apply: (current) => document(incidentEventOf, current as IncidentDocument | null),
      },
    ];
  },
  liveUpdate(event) {
    const incidentEventOf = incidentEvent(event);
    if (!incidentEventOf) return null;
    const { incident } = incidentEventOf.data;
    return {
      type: event.type,
      resource: INCIDENTS_LIVE_RESOURCE,
      id: incident.id,
      data: incident,
      tenantId: String(event.metadata.tenantId),
      customerGroupId: incident.customer_group,
    };
  },
};

/** The incident as the API answers it: without what only the read model needs. */
export function incidentOf(document: IncidentDocument): IncidentDto {
  const { _id, group_path, search_text, ...incident } = document;
  void _id;
  void group_path;
  void search_text;
  return incident;
}
