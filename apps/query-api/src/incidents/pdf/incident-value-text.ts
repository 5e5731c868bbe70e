import type { FieldChoiceOptionDto, IncidentFieldTypeName, IncidentValueEntry } from '@beacon/contracts';
import { displayDate, displayDateTime, displayTime } from '@beacon/domain';

/**
 * An incident field's values as a person reads them (spec part 1 §5): dates DD/MM/YYYY, times without
 * fractions, datetimes DD/MM/YYYY HH:MM in the reader's timezone, choices by their option text,
 * checkboxes Yes or No, attachments by name. Expired entries are left out.
 */
export interface ValueTextOptions {
  readonly fieldType: IncidentFieldTypeName | string;
  readonly options?: readonly FieldChoiceOptionDto[];
  readonly timeZone: string;
}

export const NO_VALUE = '—';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entry's own value: `{value, is_expired}` wrappers unwrapped; undefined for an expired entry. */
function unwrap(entry: unknown): unknown {
  if (isRecord(entry) && 'value' in entry && !('key' in entry)) return entry.is_expired === true ? undefined : entry.value;
  if (isRecord(entry) && entry.is_expired === true) return undefined;
  return entry;
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) {
    for (const key of ['name', 'value', 'label', 'id']) {
      const inner = value[key];
      if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
    }
  }
  return '';
}

function optionText(value: unknown, options: readonly FieldChoiceOptionDto[]): string {
  const id = isRecord(value) ? (value.id ?? value.value) : value;
  const option = options.find((candidate) => candidate.id === String(id) || candidate.value === String(id));
  return option ? option.value : scalarText(value);
}

const isChecked = (value: unknown) => value === true || (typeof value === 'string' && ['true', '1', 'yes', 'on'].includes(value.toLowerCase())) || value === 1;

function entryText(value: unknown, options: ValueTextOptions): string {
  const text = () => scalarText(value);
  switch (options.fieldType) {
    case 'DATE':
      return displayDate(text());
    case 'TIME':
      return displayTime(text());
    case 'DATETIME':
      return displayDateTime(text(), options.timeZone);
    case 'SINGLESELECT':
    case 'MULTISELECT':
      return optionText(value, options.options ?? []);
    case 'ATTACHMENT':
      return isRecord(value) && typeof value.name === 'string' ? value.name : text();
    default:
      return text();
  }
}

/** The field's values as one line of text; '—' when it has none (a checkbox without a tick is "No"). */
export function incidentValueText(values: readonly IncidentValueEntry[] | undefined, options: ValueTextOptions): string {
  const live = (values ?? []).map(unwrap).filter((value) => value !== undefined && value !== null && value !== '');
  if (options.fieldType === 'CHECKBOX') return live.some(isChecked) ? 'Yes' : 'No';
  const texts = live.map((value) => entryText(value, options)).filter((text) => text !== '');
  return texts.length ? texts.join(', ') : NO_VALUE;
}
