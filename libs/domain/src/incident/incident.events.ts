import type { DomainEvent } from '../shared/decider';
import type { IncidentActor, IncidentRecord, IncidentValue, RecordedIncidentStateName } from './incident.records';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const INCIDENT_EVENT_VERSIONS = {
  IncidentStarted: 1,
  IncidentUpdated: 1,
  IncidentStateChanged: 1,
  IncidentTitleChanged: 1,
  IncidentMoved: 1,
} as const;

/*
 * Incident events are facts: what changed, from what to what, who did it, when, and the version it
 * made. Only IncidentStarted holds the whole incident (its form snapshot, values, group, who and
 * when), as that is what a start records; every later event holds its change alone, so the stream
 * does not repeat the snapshot on every save and the record can grow without touching the events.
 * applyIncidentEvent (incident.apply.ts) is the one place that says how an event changes the
 * incident: the decider's state, the read model, "the incident at version N" and the command's
 * answer all fold the events with it. The history reads the changes; the start's snapshot gives
 * the labels. Live updates send the read model's document, not the event (ProjectionDefinition).
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

/** Who made a change, when, and the incident's version after it (each event is one version). */
export interface IncidentChangeStamp {
  /** ISO 8601. */
  at: string;
  /** null for a guest of the public incident template page. */
  actor: IncidentActor | null;
  version: number;
  /**
   * The incident's title after the event: the name a log line gives the incident, read from this
   * event alone (as actors are recorded by name).
   */
  incidentTitle: string;
}

export type IncidentStarted = DomainEvent<
  'IncidentStarted',
  {
    incidentId: string;
    /** Ids from the tenant root down to the incident's group: who reaches the incident. */
    groupPath: string[];
    /** The incident as started: form snapshot, values, title, state, order, group, who and when, version 1. */
    incident: IncidentRecord;
  }
>;

/** PUT: only what changed is listed. */
export type IncidentUpdated = DomainEvent<
  'IncidentUpdated',
  IncidentChangeStamp & {
    incidentId: string;
    changes: IncidentValueChange[];
    title?: IncidentChange<string>;
    ignoredFieldGroups?: IncidentChange<string[]>;
  }
>;

export type IncidentStateChanged = DomainEvent<
  'IncidentStateChanged',
  IncidentChangeStamp & { incidentId: string; from: RecordedIncidentStateName; to: RecordedIncidentStateName }
>;

export type IncidentTitleChanged = DomainEvent<'IncidentTitleChanged', IncidentChangeStamp & { incidentId: string; from: string; to: string }>;

/** A new place in the incident list (ordering key). */
export type IncidentMoved = DomainEvent<'IncidentMoved', IncidentChangeStamp & { incidentId: string; from: string; to: string }>;

export type IncidentEvent = IncidentStarted | IncidentUpdated | IncidentStateChanged | IncidentTitleChanged | IncidentMoved;

/** The events after the start: each changes a recorded incident. */
export type IncidentChangeEvent = Exclude<IncidentEvent, IncidentStarted>;

export const INCIDENT_EVENT_TYPES = Object.keys(INCIDENT_EVENT_VERSIONS) as IncidentEvent['type'][];

export const isIncidentEventType = (type: string): type is IncidentEvent['type'] => Object.hasOwn(INCIDENT_EVENT_VERSIONS, type);
