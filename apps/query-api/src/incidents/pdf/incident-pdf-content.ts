import type { IncidentDto, IncidentFieldValueDto, IncidentHistoryDto, IncidentHistoryEntryDto } from '@beacon/contracts';
import { displayInstant, isFieldGroupShown, ownValue, type DisplayConditionContext, type IncidentFieldValueEntry } from '@beacon/domain';
import { incidentValueText, NO_VALUE } from './incident-value-text';

/**
 * What the PDF export of an incident says, before any layout: the header facts, each field group a
 * reader would see (display conditions met, not ignored) with every field's label and value, and
 * the history. Kept apart from pdfkit so that what is exported is easy to test and to reason about.
 */
export interface IncidentPdfContent {
  readonly title: string;
  readonly facts: readonly PdfLine[];
  readonly groups: readonly PdfGroup[];
  readonly history: readonly PdfHistoryEntry[];
}

export interface PdfLine {
  readonly label: string;
  readonly value: string;
}

export interface PdfGroup {
  readonly title: string;
  /** The group's introductory text, without markup. */
  readonly content: string;
  readonly fields: readonly PdfLine[];
}

export interface PdfHistoryEntry {
  readonly heading: string;
  readonly changes: readonly string[];
}

export interface IncidentPdfOptions {
  /** The reader's customer permission, for display conditions on permission. */
  readonly permission?: string;
  /** The reader's timezone, for times of the history and of zoned datetimes. */
  readonly timeZone?: string;
}

const DEFAULT_TIME_ZONE = 'Europe/London';

const KIND_LABELS: Record<IncidentHistoryEntryDto['kind'], string> = {
  started: 'Started',
  updated: 'Updated',
  state_changed: 'State changed',
  title_changed: 'Title changed',
  moved: 'Moved',
};

export const stateLabel = (state: string) => (state ? state.charAt(0).toUpperCase() + state.slice(1) : NO_VALUE);

const instantText = (iso: string | null | undefined, timeZone: string) => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '' : displayInstant(new Date(time), timeZone);
};

function byWhomAndWhen(name: string | undefined, iso: string | null, timeZone: string): string {
  const when = instantText(iso, timeZone);
  const parts = [name, when && `on ${when}`].filter(Boolean);
  return parts.length ? parts.join(' ') : NO_VALUE;
}

/** Rich text as plain text: tags dropped, common entities decoded, blank runs collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** The field values by field id, as display conditions look at them (all groups' values of a field together). */
export function displayConditionValues(fieldValues: readonly IncidentFieldValueDto[]): Map<string, IncidentFieldValueEntry> {
  const byField = new Map<string, { field_type: string; values: unknown[] }>();
  for (const entry of fieldValues) {
    const current = byField.get(entry.field) ?? { field_type: entry.field_type, values: [] };
    current.values.push(...entry.values);
    byField.set(entry.field, current);
  }
  return byField;
}

function historyEntry(entry: IncidentHistoryEntryDto, timeZone: string): PdfHistoryEntry {
  const heading = [instantText(entry.at, timeZone), entry.actor?.name, KIND_LABELS[entry.kind] ?? entry.kind].filter(Boolean).join(' · ');
  const changes = entry.changes.map((change) => {
    const where = change.field_group_title ? ` (${change.field_group_title})` : '';
    return `${change.label}${where}: ${change.from || NO_VALUE} → ${change.to || NO_VALUE}`;
  });
  return { heading, changes };
}

export function incidentPdfContent(
  incident: IncidentDto,
  history: IncidentHistoryDto,
  moduleName: string,
  options: IncidentPdfOptions = {},
): IncidentPdfContent {
  const timeZone = options.timeZone || DEFAULT_TIME_ZONE;
  const snapshot = incident.form_snapshot;
  const context: DisplayConditionContext = {
    state: incident.state,
    permission: options.permission ?? '',
    fieldValues: displayConditionValues(incident.field_values),
  };
  const ignored = new Set(incident.ignored_field_groups);
  const groups = snapshot.field_groups
    .filter((group) => !ignored.has(group.id) && isFieldGroupShown(group.display_conditions, context))
    .map((group) => ({
      title: group.title,
      content: plainText(group.content ?? ''),
      fields: group.form_field_mappings.flatMap((mapping) => {
        const field = ownValue(snapshot.fields, mapping.field);
        if (!field) return [];
        const entry = incident.field_values.find((value) => value.field === field.id && value.field_group === group.id);
        const value = incidentValueText(entry?.values, { fieldType: field.field_type, options: field.options, timeZone });
        return [{ label: field.label, value }];
      }),
    }));
  return {
    title: incident.incident_title || incident.title || moduleName,
    facts: [
      { label: 'Module', value: moduleName },
      { label: 'State', value: stateLabel(incident.state) },
      { label: 'Form', value: incident.name || snapshot.name || NO_VALUE },
      { label: 'Created', value: byWhomAndWhen(incident.created_by?.name, incident.created_at, timeZone) },
      { label: 'Last updated', value: byWhomAndWhen(incident.updated_by?.name, incident.updated_at, timeZone) },
      { label: 'Version', value: String(incident.version) },
    ],
    groups,
    history: history.entries.map((entry) => historyEntry(entry, timeZone)),
  };
}
