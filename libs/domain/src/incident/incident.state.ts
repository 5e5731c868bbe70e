import { applyIncidentEvent } from './incident.apply';
import type { IncidentChangeEvent, IncidentChangeStamp, IncidentEvent } from './incident.events';
import type { IncidentActor, IncidentRecord } from './incident.records';
import { valueKey } from './incident-values';

/**
 * What one part of an incident was before a change (a field of a group, or the title, state,
 * order or ignored field groups), at which version the change was recorded and by whom: enough to
 * tell what a caller's older version showed and whether someone else changed it since.
 */
export interface IncidentChangeMark {
  readonly version: number;
  readonly by: IncidentActor | null;
  readonly from: unknown;
}

/** The parts of an incident that change on their own (besides each field of each group). */
export const TITLE_PART = 'incident_title';
export const STATE_PART = 'state';
export const ORDER_PART = 'order';
export const IGNORED_GROUPS_PART = 'ignored_field_groups';

export type IncidentState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'recorded';
      readonly incident: IncidentRecord;
      /** Ids from the tenant root down to the incident's group. */
      readonly groupPath: readonly string[];
      /** Per part (valueKey(group, field) or a *_PART), its changes after the start, oldest first. */
      readonly changes: ReadonlyMap<string, readonly IncidentChangeMark[]>;
    };

export type RecordedIncident = Extract<IncidentState, { status: 'recorded' }>;

export const initialIncidentState = (): IncidentState => ({ status: 'absent' });

function marked(
  changes: RecordedIncident['changes'],
  stamp: IncidentChangeStamp,
  parts: readonly { part: string; from: unknown }[],
): RecordedIncident['changes'] {
  const next = new Map(changes);
  for (const { part, from } of parts) {
    next.set(part, [...(next.get(part) ?? []), { version: stamp.version, by: stamp.actor, from }]);
  }
  return next;
}

/** The parts an event changes, each with what it was before. */
function changedParts(event: IncidentChangeEvent): { part: string; from: unknown }[] {
  switch (event.type) {
    case 'IncidentUpdated': {
      const parts: { part: string; from: unknown }[] = event.data.changes.map((change) => ({ part: valueKey(change.field_group, change.field), from: change.from }));
      if (event.data.title) parts.push({ part: TITLE_PART, from: event.data.title.from });
      if (event.data.ignoredFieldGroups) parts.push({ part: IGNORED_GROUPS_PART, from: event.data.ignoredFieldGroups.from });
      return parts;
    }
    case 'IncidentStateChanged':
      return [{ part: STATE_PART, from: event.data.from }];
    case 'IncidentTitleChanged':
      return [{ part: TITLE_PART, from: event.data.from }];
    case 'IncidentMoved':
      return [{ part: ORDER_PART, from: event.data.from }];
  }
}

export function evolveIncident(state: IncidentState, event: IncidentEvent): IncidentState {
  if (event.type === 'IncidentStarted') {
    return { status: 'recorded', incident: applyIncidentEvent(null, event)!, groupPath: event.data.groupPath, changes: new Map() };
  }
  if (state.status !== 'recorded') return state;
  return {
    ...state,
    incident: applyIncidentEvent(state.incident, event),
    changes: marked(state.changes, event.data, changedParts(event)),
  };
}

/** The current value of a part of the incident. */
export function currentPart(incident: IncidentRecord, part: string): unknown {
  switch (part) {
    case TITLE_PART:
      return incident.title;
    case STATE_PART:
      return incident.state;
    case ORDER_PART:
      return incident.order;
    case IGNORED_GROUPS_PART:
      return incident.ignored_field_groups;
    default:
      return incident.field_values.find((entry) => valueKey(entry.field_group, entry.field) === part)?.values ?? [];
  }
}

/** The part as it stood at `version`: the value before the first change recorded after it, else the current one. */
export function partAt(state: RecordedIncident, part: string, version: number): unknown {
  const later = (state.changes.get(part) ?? []).find((mark) => mark.version > version);
  return later ? later.from : currentPart(state.incident, part);
}

/** The latest change of the part recorded after `version`, if any. */
export function changedSince(state: RecordedIncident, part: string, version: number): IncidentChangeMark | null {
  const marks = state.changes.get(part) ?? [];
  const last = marks[marks.length - 1];
  return last && last.version > version ? last : null;
}
