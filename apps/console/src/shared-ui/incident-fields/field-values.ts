import type { FieldChoiceOptionDto, IncidentValueEntry, SnapshotFieldDto, UploadedAttachmentDto } from '@beacon/contracts';
import { displayDate, displayTime, isExpiredEntry, withoutExpiredValues } from '@beacon/domain';
import { formatDateTime } from '../../formatting/date-time';

/**
 * How the values of a field (a list of entries) read and change in the form's controls. An entry
 * may be wrapped as `{value, is_expired}`; expired ones are not shown and go on save.
 */

/** The plain value of an entry. */
export function entryValue(entry: IncidentValueEntry): unknown {
  if (typeof entry === 'object' && entry !== null && 'value' in entry && !isAttachment(entry)) return entry.value;
  return entry;
}

export function isAttachment(entry: unknown): entry is UploadedAttachmentDto {
  return typeof entry === 'object' && entry !== null && typeof (entry as UploadedAttachmentDto).url === 'string' && typeof (entry as UploadedAttachmentDto).key === 'string';
}

/** The entries the form shows (expired ones are left out). */
export function shownEntries(values: readonly IncidentValueEntry[]): IncidentValueEntry[] {
  return withoutExpiredValues(values);
}

export function hasExpiredEntries(values: readonly IncidentValueEntry[]): boolean {
  return values.some(isExpiredEntry);
}

/** The first shown value as text ('' for none), for text, number, date and time inputs. */
export function firstText(values: readonly IncidentValueEntry[]): string {
  const first = shownEntries(values)[0];
  if (first === undefined) return '';
  const value = entryValue(first);
  return value === null || value === undefined ? '' : String(value);
}

/** A text input's value as entries: blank is no value. */
export const fromText = (text: string): IncidentValueEntry[] => (text === '' ? [] : [text]);

/** A number input's value as entries: blank (or not a number) is no value. */
export const fromNumber = (text: string): IncidentValueEntry[] => {
  const number = Number(text);
  return text.trim() === '' || !Number.isFinite(number) ? [] : [number];
};

/** A CHECKBOX field is ticked when it holds a true value (an unticked box holds none). */
export function isTicked(values: readonly IncidentValueEntry[]): boolean {
  return shownEntries(values).some((entry) => {
    const value = entryValue(entry);
    return value === true || value === 'true';
  });
}

export const fromTicked = (ticked: boolean): IncidentValueEntry[] => (ticked ? [true] : []);

/** The option ids a select field holds; an entry may name an option by id or by its value. */
export function selectedOptionIds(values: readonly IncidentValueEntry[], options: readonly FieldChoiceOptionDto[]): string[] {
  return shownEntries(values).flatMap((entry) => {
    const raw = typeof entry === 'object' && entry !== null && 'id' in entry ? (entry as { id: unknown }).id : entryValue(entry);
    const text = String(raw ?? '');
    const option = options.find((candidate) => candidate.id === text) ?? options.find((candidate) => candidate.value === text);
    return option ? [option.id] : [];
  });
}

export function attachmentsOf(values: readonly IncidentValueEntry[]): UploadedAttachmentDto[] {
  return shownEntries(values).filter(isAttachment);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A DATETIME value (an ISO instant) as a datetime-local input shows it, in the browser's time. */
export function toDateTimeInput(values: readonly IncidentValueEntry[]): string {
  const text = firstText(values);
  const date = new Date(text);
  if (text === '' || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (the browser's time) as an ISO instant. */
export function fromDateTimeInput(text: string): IncidentValueEntry[] {
  const date = new Date(text);
  return text === '' || Number.isNaN(date.getTime()) ? [] : [date.toISOString()];
}

/** A field's values as read-only text ('' when it has none). */
export function fieldValueText(field: SnapshotFieldDto, values: readonly IncidentValueEntry[], timeZone: string): string {
  const entries = shownEntries(values);
  if (entries.length === 0) return '';
  switch (field.field_type) {
    case 'CHECKBOX':
      return isTicked(entries) ? 'Yes' : 'No';
    case 'SINGLESELECT':
    case 'MULTISELECT':
      return selectedOptionIds(entries, field.options)
        .map((id) => field.options.find((option) => option.id === id)?.value ?? id)
        .join(', ');
    case 'ATTACHMENT':
      return attachmentsOf(entries)
        .map((attachment) => attachment.name)
        .join(', ');
    default:
      return entries.map((entry) => valueText(field.field_type, String(entryValue(entry) ?? ''), timeZone)).join(', ');
  }
}

function valueText(fieldType: SnapshotFieldDto['field_type'], text: string, timeZone: string): string {
  // Spec §5: a date shows as DD/MM/YYYY, a time without fractions.
  if (fieldType === 'DATE') return displayDate(text);
  if (fieldType === 'TIME') return displayTime(text);
  if (fieldType === 'DATETIME') return Number.isNaN(Date.parse(text)) ? text : formatDateTime(text, timeZone);
  return text;
}

/** Spec §5: text inputs accept only the types text or number. */
export function textInputType(fieldType: SnapshotFieldDto['field_type']): 'text' | 'number' {
  return fieldType === 'NUMBER' ? 'number' : 'text';
}
