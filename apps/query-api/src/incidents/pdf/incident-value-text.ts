import type { FieldChoiceOptionDto, IncidentFieldTypeName, IncidentValueEntry } from '@beacon/contracts';

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

const pad = (value: number) => String(value).padStart(2, '0');

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_PATTERN = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?/;
const LOCAL_DATETIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:[.,]\d+)?)?$/;
const ZONED_PATTERN = /(Z|[+-]\d{2}:?\d{2})$/i;

export function formatDate(value: string): string {
  const match = DATE_PATTERN.exec(value.trim());
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** HH:MM, or HH:MM:SS when the time has seconds; never fractions. */
export function formatTime(value: string): string {
  const text = value.trim();
  const time = text.includes('T') ? text.slice(text.indexOf('T') + 1) : text;
  const match = TIME_PATTERN.exec(time);
  if (!match) return value;
  return `${pad(Number(match[1]))}:${match[2]}${match[3] === undefined ? '' : `:${match[3]}`}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An instant as DD/MM/YYYY HH:MM in the timezone (Europe/London when the zone is unknown). */
export function formatInstant(instant: Date, timeZone: string): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone);
  } catch {
    formatter = formatterFor('Europe/London');
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A datetime with a zone is shown in the reader's timezone; a wall-clock one as it was entered. */
export function formatDateTime(value: string, timeZone: string): string {
  const text = value.trim();
  const local = LOCAL_DATETIME_PATTERN.exec(text);
  if (local) return `${local[3]}/${local[2]}/${local[1]} ${local[4]}:${local[5]}`;
  const time = ZONED_PATTERN.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? value : formatInstant(new Date(time), timeZone);
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
      return formatDate(text());
    case 'TIME':
      return formatTime(text());
    case 'DATETIME':
      return formatDateTime(text(), options.timeZone);
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
