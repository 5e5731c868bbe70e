import type { DomainEvent } from '../shared/decider';
import type { IncidentRecord, IncidentValue, RecordedIncidentStateName } from './incident.records';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const INCIDENT_EVENT_VERSIONS = {
  IncidentStarted: 1,
  IncidentUpdated: 1,
  IncidentStateChanged: 1,
  IncidentTitleChanged: 1,
  IncidentMoved: 1,
} as const;

/*
 * Every incident event carries `incident`: the incident as it stands after the event (version,
 * who and when included). Read models, live updates (which see one event at a time, also when a
 * reconnecting console catches up) and "the incident at version N" are that record; the changes
 * beside it (from and to, who and when) are the history, which needs no other source.
 */

export interface IncidentChange<T> {
  from: T;
  to: T;
}

/** A field's values in one field group, before and after. */
export interface IncidentValueChange extends IncidentChange<IncidentValue[]> {
  field: string;
  field_group: string;
}

export type IncidentStarted = DomainEvent<
  'IncidentStarted',
  {
    incidentId: string;
    /** Ids from the tenant root down to the incident's group: who reaches the incident. */
    groupPath: string[];
    incident: IncidentRecord;
  }
>;

/** PUT: only what changed is listed. */
export type IncidentUpdated = DomainEvent<
  'IncidentUpdated',
  {
    incidentId: string;
    changes: IncidentValueChange[];
    title?: IncidentChange<string>;
    ignoredFieldGroups?: IncidentChange<string[]>;
    incident: IncidentRecord;
  }
>;

export type IncidentStateChanged = DomainEvent<
  'IncidentStateChanged',
  { incidentId: string; from: RecordedIncidentStateName; to: RecordedIncidentStateName; incident: IncidentRecord }
>;

export type IncidentTitleChanged = DomainEvent<'IncidentTitleChanged', { incidentId: string; from: string; to: string; incident: IncidentRecord }>;

/** A new place in the incident list (ordering key). */
export type IncidentMoved = DomainEvent<'IncidentMoved', { incidentId: string; from: string; to: string; incident: IncidentRecord }>;

export type IncidentEvent = IncidentStarted | IncidentUpdated | IncidentStateChanged | IncidentTitleChanged | IncidentMoved;

export const INCIDENT_EVENT_TYPES = Object.keys(INCIDENT_EVENT_VERSIONS) as IncidentEvent['type'][];

export const isIncidentEventType = (type: string): type is IncidentEvent['type'] => type in INCIDENT_EVENT_VERSIONS;
