import type { IncidentChangeStamp, IncidentEvent } from './incident.events';
import type { IncidentRecord } from './incident.records';
import { mergedFieldValues } from './incident-values';

/**
 * How one event changes an incident: the only place that says so. The decider's state, the read
 * model, "the incident at version N" and the command's answer all fold the events with it, so they
 * cannot disagree. A start is the whole incident; a later event sets what it changed and stamps the
 * version, who and when. A later event without a start (no record) changes nothing.
 */
export function applyIncidentEvent(record: IncidentRecord, event: IncidentEvent): IncidentRecord;
export function applyIncidentEvent(record: IncidentRecord | null, event: IncidentEvent): IncidentRecord | null;
export function applyIncidentEvent(record: IncidentRecord | null, event: IncidentEvent): IncidentRecord | null {
  if (event.type === 'IncidentStarted') return event.data.incident;
  if (!record) return null;
  switch (event.type) {
    case 'IncidentUpdated': {
      const { changes, title, ignoredFieldGroups } = event.data;
      const values = changes.map((change) => ({ field: change.field, field_group: change.field_group, values: change.to }));
      return {
        ...record,
        ...(title ? { title: title.to, incident_title: title.to } : {}),
        field_values: mergedFieldValues(record.form_snapshot, record.field_values, values),
        ...(ignoredFieldGroups ? { ignored_field_groups: [...ignoredFieldGroups.to] } : {}),
        ...stamped(event.data),
      };
    }
    case 'IncidentStateChanged':
      return { ...record, state: event.data.to, ...stamped(event.data) };
    case 'IncidentTitleChanged':
      return { ...record, title: event.data.to, incident_title: event.data.to, ...stamped(event.data) };
    case 'IncidentMoved':
      return { ...record, order: event.data.to, ...stamped(event.data) };
  }
}

const stamped = (stamp: IncidentChangeStamp): Pick<IncidentRecord, 'version' | 'updated_at' | 'updated_by'> => ({
  version: stamp.version,
  updated_at: stamp.at,
  updated_by: stamp.actor,
});

/** The incident after the events, oldest first (null before its start). */
export function incidentRecordOf(events: readonly IncidentEvent[]): IncidentRecord | null {
  return events.reduce<IncidentRecord | null>((record, event) => applyIncidentEvent(record, event), null);
}
