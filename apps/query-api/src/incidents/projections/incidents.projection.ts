import { INCIDENTS_LIVE_RESOURCE, READ_MODELS, type IncidentDto } from '@beacon/contracts';
import { applyIncidentEvent, isIncidentEventType, type IncidentEvent, type IncidentRecord } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { INCIDENT_LIST_INDEXES } from '../queries/incident-list-query';

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

/** The document after the event: the start writes the incident, later events change it. */
function document(event: IncidentEvent, current: IncidentDocument | null): IncidentDocument | null {
  const incident = applyIncidentEvent(current && recordOf(current), event);
  if (!incident) return null;
  const groupPath = event.type === 'IncidentStarted' ? event.data.groupPath : (current?.group_path ?? []);
  return {
    ...incident,
    _id: incident.id,
    group_path: [...groupPath],
    search_text: `${incident.title}\n${incident.name}`.toLowerCase(),
  };
}

/**
 * The document is the incident as it now stands (applyIncidentEvent, as everywhere), and each
 * event's live update sends that document whole (resource `incidents`, to the rooms of the
 * incident's group).
 */
export const incidentsProjection: ProjectionDefinition = {
  name: 'incidents',
  collections: [INCIDENTS],
  indexes: { [INCIDENTS]: INCIDENT_LIST_INDEXES },
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
  liveUpdate(event, documents) {
    const incidentEventOf = incidentEvent(event);
    if (!incidentEventOf) return null;
    const written = documents.find((candidate) => candidate._id === incidentEventOf.data.incidentId) as IncidentDocument | undefined;
    if (!written) return null;
    const incident = incidentOf(written);
    return {
      type: event.type,
      resource: INCIDENTS_LIVE_RESOURCE,
      id: written._id,
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

/** The incident a document holds: always a started one. */
export const recordOf = (document: IncidentDocument): IncidentRecord => incidentOf(document) as IncidentRecord;
