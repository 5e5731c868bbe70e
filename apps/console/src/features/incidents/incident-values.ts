import type {
  FieldGroupDto,
  IncidentDto,
  IncidentPayloadEntry,
  IncidentValueEntry,
} from '@beacon/contracts';
import { fieldValuesOf, withoutExpiredValues, type DisplayConditionContext } from '@beacon/domain';

/**
 * What the user has changed on the open incident and not saved yet. Only changed things are kept,
 * so everything else shows the incident as it now stands (including others' live changes).
 */
export interface IncidentEdits {
  /** New values per field of a field group, by {@link valueKey}. */
  readonly values: Readonly<Record<string, IncidentValueEntry[]>>;
  /** The edited title; null while unchanged. */
  readonly title: string | null;
  /** The edited ignored field groups; null while unchanged. */
  readonly ignoredFieldGroups: readonly string[] | null;
}

export const NO_EDITS: IncidentEdits = { values: {}, title: null, ignoredFieldGroups: null };

/** A payload entry is the values of one field in one field group. */
export const valueKey = (fieldGroup: string, field: string) => `${fieldGroup}/${field}`;

export function storedValues(incident: IncidentDto, fieldGroup: string, field: string): IncidentValueEntry[] {
  return incident.field_values.find((entry) => entry.field === field && entry.field_group === fieldGroup)?.values ?? [];
}

/** The values a field shows: the user's edit, else the incident's. */
export function currentValues(incident: IncidentDto, edits: IncidentEdits, fieldGroup: string, field: string): IncidentValueEntry[] {
  return edits.values[valueKey(fieldGroup, field)] ?? storedValues(incident, fieldGroup, field);
}

/** Spec §5: the title is the current incident's, unless the user changed it. */
export function currentTitle(incident: IncidentDto, edits: IncidentEdits): string {
  return edits.title ?? incident.incident_title;
}

/** Spec §5: a new incident's title is its own (as the server made it), otherwise the one given for it. */
export function withGivenTitle(incident: IncidentDto, givenTitle: string): IncidentDto {
  return incident.incident_title.trim() === '' && givenTitle.trim() !== '' ? { ...incident, incident_title: givenTitle.trim() } : incident;
}

export function currentIgnoredFieldGroups(incident: IncidentDto, edits: IncidentEdits): readonly string[] {
  return edits.ignoredFieldGroups ?? incident.ignored_field_groups;
}

export function isIgnored(incident: IncidentDto, edits: IncidentEdits, fieldGroup: string): boolean {
  return currentIgnoredFieldGroups(incident, edits).includes(fieldGroup);
}

export function withIgnored(incident: IncidentDto, edits: IncidentEdits, fieldGroup: string, ignored: boolean): IncidentEdits {
  const others = currentIgnoredFieldGroups(incident, edits).filter((id) => id !== fieldGroup);
  return { ...edits, ignoredFieldGroups: ignored ? [...others, fieldGroup] : others };
}

/** The field groups of the incident's form, in their order. */
export function fieldGroupsOf(incident: IncidentDto): FieldGroupDto[] {
  return [...incident.form_snapshot.field_groups].sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
}

/**
 * What a save sends: the values of every field of every field group that is not ignored (an ignored
 * group drops its entries), without entries flagged `is_expired` (spec §3: removed before saving).
 */
export function payloadOf(incident: IncidentDto, edits: IncidentEdits): IncidentPayloadEntry[] {
  const ignored = currentIgnoredFieldGroups(incident, edits);
  return fieldGroupsOf(incident)
    .filter((group) => !ignored.includes(group.id))
    .flatMap((group) =>
      group.form_field_mappings.map((mapping) => ({
        field: mapping.field,
        field_group: group.id,
        values: withoutExpiredValues(currentValues(incident, edits, group.id, mapping.field)),
      })),
    );
}

/**
 * What the display conditions look at, live: the incident's state, the user's permission and the
 * values as edited (ignored groups left out, as the server's required-value check does).
 */
export function conditionContextOf(incident: IncidentDto, edits: IncidentEdits, permission: string): DisplayConditionContext {
  return { state: incident.state, permission, fieldValues: fieldValuesOf(incident.form_snapshot, payloadOf(incident, edits)) };
}

export function hasEdits(edits: IncidentEdits): boolean {
  return Object.keys(edits.values).length > 0 || edits.title !== null || edits.ignoredFieldGroups !== null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The edits made since `atSave` was taken: once a save answers, what it carried is the incident's
 * now, and only what the user changed while it was under way is still unsaved.
 */
export function editsSince(edits: IncidentEdits, atSave: IncidentEdits): IncidentEdits {
  const values = Object.fromEntries(Object.entries(edits.values).filter(([key, value]) => !same(value, atSave.values[key])));
  return {
    values,
    title: edits.title !== null && edits.title === atSave.title ? null : edits.title,
    ignoredFieldGroups:
      edits.ignoredFieldGroups !== null && same(edits.ignoredFieldGroups, atSave.ignoredFieldGroups) ? null : edits.ignoredFieldGroups,
  };
}

/** Names a conflict uses for what is not a field. */
export const TITLE_FIELD = 'incident_title';
export const IGNORED_FIELD_GROUPS_FIELD = 'ignored_field_groups';

/**
 * After a conflict the conflicting fields take the current values; the user's other edits stay.
 * A conflicting field id drops its edits in every group that holds it.
 */
export function withoutConflicting(edits: IncidentEdits, conflictingFields: readonly string[]): IncidentEdits {
  const conflicting = new Set(conflictingFields);
  const values = Object.fromEntries(Object.entries(edits.values).filter(([key]) => !conflicting.has(fieldOfKey(key))));
  return {
    values,
    title: conflicting.has(TITLE_FIELD) ? null : edits.title,
    ignoredFieldGroups: conflicting.has(IGNORED_FIELD_GROUPS_FIELD) ? null : edits.ignoredFieldGroups,
  };
}

function fieldOfKey(key: string): string {
  return key.slice(key.indexOf('/') + 1);
}

/** The edited fields (by key) whose stored values differ between two versions of the incident. */
export function editedAndChanged(edits: IncidentEdits, before: IncidentDto, after: IncidentDto): string[] {
  return Object.keys(edits.values).filter((key) => {
    const slash = key.indexOf('/');
    const group = key.slice(0, slash);
    const field = key.slice(slash + 1);
    return !same(storedValues(before, group, field), storedValues(after, group, field));
  });
}
