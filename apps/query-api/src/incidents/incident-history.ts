import type { IncidentChangeDto, IncidentHistoryDto, IncidentHistoryEntryDto } from '@beacon/contracts';
import { ownValue, type IncidentEvent, type IncidentFormSnapshot, type IncidentValue, type SnapshotField } from '@beacon/domain';

/**
 * An incident's timeline, from its events alone: each event names who, when and its version, and
 * what changed from what to what; the form snapshot recorded by the start gives the labels. Values read as
 * a person would: choices by their option text, checkboxes Yes or No, attachments by file name,
 * several values joined by commas; dates and times stay ISO 8601 for the console to format.
 */

const LABELS = { state: 'State', incident_title: 'Title', ignored_field_groups: 'Ignored field groups', order: 'Order' } as const;

function valueText(field: SnapshotField | undefined, value: IncidentValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.name;
  return field?.options.find((option) => option.id === value)?.value ?? value;
}

export const valuesText = (field: SnapshotField | undefined, values: readonly IncidentValue[]) =>
  values.map((value) => valueText(field, value)).join(', ');

function groupTitle(form: IncidentFormSnapshot, fieldGroupId: string): string {
  return form.field_groups.find((group) => group.id === fieldGroupId)?.title ?? fieldGroupId;
}

function valueChange(form: IncidentFormSnapshot, change: { field: string; field_group: string; from: IncidentValue[]; to: IncidentValue[] }): IncidentChangeDto {
  const field = ownValue(form.fields, change.field);
  return {
    field: change.field,
    label: field?.label ?? change.field,
    field_group: change.field_group,
    field_group_title: groupTitle(form, change.field_group),
    from: valuesText(field, change.from),
    to: valuesText(field, change.to),
  };
}

function partChange(part: keyof typeof LABELS, from: string, to: string): IncidentChangeDto {
  return { field: part, label: LABELS[part], from, to };
}

const groupTitles = (form: IncidentFormSnapshot, ids: readonly string[]) => ids.map((id) => groupTitle(form, id)).join(', ');

const EMPTY_FORM: IncidentFormSnapshot = { id: '', name: '', field_groups: [], fields: {}, rules: [] };

function entryOf(event: IncidentEvent, form: IncidentFormSnapshot): IncidentHistoryEntryDto {
  if (event.type === 'IncidentStarted') {
    const { incident } = event.data;
    return {
      version: incident.version,
      at: incident.updated_at,
      actor: incident.updated_by,
      kind: 'started',
      changes: [
        partChange('incident_title', '', incident.title),
        partChange('state', '', incident.state),
        ...incident.field_values.map((value) => valueChange(form, { ...value, from: [], to: value.values })),
        ...(incident.ignored_field_groups.length ? [partChange('ignored_field_groups', '', groupTitles(form, incident.ignored_field_groups))] : []),
      ],
    };
  }
  const entry = (kind: IncidentHistoryEntryDto['kind'], changes: IncidentChangeDto[]): IncidentHistoryEntryDto => ({
    version: event.data.version,
    at: event.data.at,
    actor: event.data.actor,
    kind,
    changes,
  });
  switch (event.type) {
    case 'IncidentUpdated': {
      const { title, ignoredFieldGroups } = event.data;
      return entry('updated', [
        ...(title ? [partChange('incident_title', title.from, title.to)] : []),
        ...event.data.changes.map((change) => valueChange(form, change)),
        ...(ignoredFieldGroups
          ? [partChange('ignored_field_groups', groupTitles(form, ignoredFieldGroups.from), groupTitles(form, ignoredFieldGroups.to))]
          : []),
      ]);
    }
    case 'IncidentStateChanged':
      return entry('state_changed', [partChange('state', event.data.from, event.data.to)]);
    case 'IncidentTitleChanged':
      return entry('title_changed', [partChange('incident_title', event.data.from, event.data.to)]);
    case 'IncidentMoved':
      return entry('moved', [partChange('order', event.data.from, event.data.to)]);
  }
}

/** Oldest first, one entry per recorded event (so entry N is version N). */
export function incidentHistory(events: readonly IncidentEvent[]): IncidentHistoryDto {
  // The snapshot never changes after the start.
  const started = events.find((event) => event.type === 'IncidentStarted');
  const form = started?.type === 'IncidentStarted' ? started.data.incident.form_snapshot : EMPTY_FORM;
  return { entries: events.map((event) => entryOf(event, form)) };
}
