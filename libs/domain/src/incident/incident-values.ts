import type { IncidentFormSnapshot, SnapshotField } from '../incident-settings/form-snapshot';
import { FieldMessages, accepted, isRecord } from '../incident-settings/incident-settings.input';
import type { IncidentAttachmentValue, IncidentFieldValue, IncidentValue } from './incident.records';
import { attachmentNotUploadedHere, knownUpload, type KnownUploads } from './known-uploads';
import { isExpiredEntry } from './required-values';
import { ownValue } from '../shared/own-value';
import { NOT_A_BOOLEAN, NOT_A_STRING, type Checked as ParsedValue } from '../shared/field-messages';

/**
 * The values of an incident save, checked against the incident's form snapshot: each payload entry
 * names a field mapped in a field group of the form, and each value suits the field's type. Values
 * are stored normalised (numeric text as a number, choices in option order, `{value}` wrappers
 * unwrapped), so the same input always compares equal to what is stored.
 */

/** The longest text value accepted; form rules may limit further. */
export const INCIDENT_TEXT_MAX_LENGTH = 10_000;

export const PAYLOAD_ENTRY_SHAPE = 'Each entry needs a field, a field_group and a list of values.';

const MESSAGES = {
  text: NOT_A_STRING,
  textLength: `Ensure this value has no more than ${INCIDENT_TEXT_MAX_LENGTH} characters.`,
  number: 'A valid number is required.',
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  time: 'Time has wrong format. Use one of these formats instead: hh:mm[:ss].',
  dateTime: 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss][Z|+HH:MM].',
  boolean: NOT_A_BOOLEAN,
  single: 'Only one value is allowed.',
  choice: (value: unknown) => `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`,
  attachment: 'An attachment needs the key and name its upload answered.',
} as const;

/** One field of one group of a save, before it is merged with what the incident holds. */
export interface IncidentPayloadValues {
  readonly field: string;
  readonly field_group: string;
  readonly values: IncidentValue[];
}

export const valueKey = (fieldGroupId: string, fieldId: string) => `${fieldGroupId}/${fieldId}`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,6})?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/;

export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isTimeOfDay = (text: string) => TIME.test(text);

export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  return match !== null && isCalendarDate(match[1]!) && isTimeOfDay(match[2]!) && Number.isFinite(Date.parse(text));
}

/** An entry counts as no value at all: null, undefined or blank text. */
const isBlank = (entry: unknown) => entry === null || entry === undefined || (typeof entry === 'string' && entry.trim() === '');

/** `{value, is_expired}` wrappers hold their value; attachments are plain objects without `value`. */
const unwrapped = (entry: unknown): unknown => (isRecord(entry) && 'value' in entry ? entry.value : entry);

function attachment(entry: unknown): IncidentAttachmentValue | null {
  if (!isRecord(entry)) return null;
  const { key, name, url, created_at, size, content_type } = entry;
  if (typeof key !== 'string' || !key.trim() || typeof name !== 'string' || !name.trim()) return null;
  return {
    url: typeof url === 'string' && url ? url : `/api/incidents/attachment/${encodeURIComponent(key)}/`,
    key,
    name,
    created_at: typeof created_at === 'string' ? created_at : '',
    ...(typeof size === 'number' && Number.isFinite(size) ? { size } : {}),
    ...(typeof content_type === 'string' ? { content_type } : {}),
  };
}

type Checked = { readonly values: IncidentValue[] } | { readonly error: string };
type CheckedEntry = { readonly value: IncidentValue } | { readonly error: string };

const ok = (value: IncidentValue): CheckedEntry => ({ value });
const fail = (error: string): CheckedEntry => ({ error });

/**
 * With `uploads`, an attachment must name a file uploaded to the organisation and is stored as its
 * upload record describes it; without (a preview of a template's presets), as given.
 */
function checkEntry(field: SnapshotField, entry: unknown, uploads: KnownUploads | undefined): CheckedEntry {
  switch (field.field_type) {
    case 'TEXT':
    case 'TEXTAREA':
      if (typeof entry !== 'string') return fail(MESSAGES.text);
      return entry.length > INCIDENT_TEXT_MAX_LENGTH ? fail(MESSAGES.textLength) : ok(entry);
    case 'NUMBER': {
      const number = typeof entry === 'string' ? Number(entry.trim()) : entry;
      return typeof number === 'number' && Number.isFinite(number) ? ok(number) : fail(MESSAGES.number);
    }
    case 'DATE':
      return typeof entry === 'string' && isCalendarDate(entry) ? ok(entry) : fail(MESSAGES.date);
    case 'TIME':
      return typeof entry === 'string' && isTimeOfDay(entry) ? ok(entry) : fail(MESSAGES.time);
    case 'DATETIME':
      return typeof entry === 'string' && isDateTime(entry) ? ok(entry) : fail(MESSAGES.dateTime);
    case 'CHECKBOX':
      return typeof entry === 'boolean' ? ok(entry) : fail(MESSAGES.boolean);
    case 'SINGLESELECT':
    case 'MULTISELECT':
      return typeof entry === 'string' && field.options.some((option) => option.id === entry) ? ok(entry) : fail(MESSAGES.choice(entry));
    case 'ATTACHMENT': {
      const value = attachment(entry);
      if (!value) return fail(MESSAGES.attachment);
      if (!uploads) return ok(value);
      const recorded = knownUpload(uploads, value.key);
      return recorded ? ok({ ...recorded }) : fail(attachmentNotUploadedHere(value.name));
    }
  }
}

/**
 * The values of `field` as stored: expired entries and blank ones dropped, wrappers unwrapped, each
 * checked for the field's type (attachments against `uploads`, when given); or the message for the
 * first value that does not suit it.
 */
export function normalizedValues(field: SnapshotField, entries: readonly unknown[], uploads?: KnownUploads): Checked {
  const kept = entries.filter((entry) => !isExpiredEntry(entry)).map(unwrapped).filter((entry) => !isBlank(entry));
  const values: IncidentValue[] = [];
  for (const entry of kept) {
    const checked = checkEntry(field, entry, uploads);
    if ('error' in checked) return checked;
    values.push(checked.value);
  }
  if (field.field_type === 'SINGLESELECT' && values.length > 1) return { error: MESSAGES.single };
  if (field.field_type === 'MULTISELECT') {
    const chosen = new Set(values);
    return { values: field.options.filter((option) => chosen.has(option.id)).map((option) => option.id) };
  }
  return { values };
}

/** "Details › Location" */
export function placeOf(form: IncidentFormSnapshot, fieldGroupId: string, fieldId: string): string {
  const group = form.field_groups.find((candidate) => candidate.id === fieldGroupId);
  return `${group?.title ?? fieldGroupId} › ${ownValue(form.fields, fieldId)?.label ?? fieldId}`;
}

/** The field if the form maps it in the group. */
function mappedField(form: IncidentFormSnapshot, fieldGroupId: string, fieldId: string): SnapshotField | undefined {
  const group = form.field_groups.find((candidate) => candidate.id === fieldGroupId);
  const mapped = group !== undefined && group.form_field_mappings.some((mapping) => mapping.field === fieldId);
  return mapped ? ownValue(form.fields, fieldId) : undefined;
}

/**
 * The entries of a save's `payload`, checked, without those of ignored field groups. Problems go to
 * `messages` under `payload`, each naming the group and field it is about. Attachments must be
 * among `uploads`.
 */
export function payloadValues(
  messages: FieldMessages,
  form: IncidentFormSnapshot,
  payload: readonly unknown[],
  ignoredFieldGroups: readonly string[],
  uploads: KnownUploads,
  name = 'payload',
): IncidentPayloadValues[] {
  const ignored = new Set(ignoredFieldGroups);
  const seen = new Set<string>();
  const entries: IncidentPayloadValues[] = [];
  for (const entry of payload) {
    if (!isRecord(entry) || typeof entry.field !== 'string' || typeof entry.field_group !== 'string' || !Array.isArray(entry.values)) {
      messages.add(name, PAYLOAD_ENTRY_SHAPE);
      continue;
    }
    const { field, field_group } = entry;
    const group = form.field_groups.find((candidate) => candidate.id === field_group);
    if (!group) {
      messages.add(name, `The field group "${field_group}" is not part of this form.`);
      continue;
    }
    const snapshotField = mappedField(form, field_group, field);
    if (!snapshotField) {
      messages.add(name, `The field "${field}" is not part of the field group ${group.title}.`);
      continue;
    }
    if (ignored.has(field_group)) continue;
    const key = valueKey(field_group, field);
    if (seen.has(key)) {
      messages.add(name, `${placeOf(form, field_group, field)}: given more than once.`);
      continue;
    }
    seen.add(key);
    const checked = normalizedValues(snapshotField, entry.values, uploads);
    if ('error' in checked) messages.add(name, `${placeOf(form, field_group, field)}: ${checked.error}`);
    else entries.push({ field, field_group, values: checked.values });
  }
  return entries;
}

/**
 * A template's preset values that still suit the form (the settings may have changed since the
 * template was saved): the others are left out rather than refused, as the caller did not send them.
 * With `uploads` (a start), a preset attachment must be among them too.
 */
export function presetValues(
  form: IncidentFormSnapshot,
  presets: readonly { field: string; field_group: string; values: readonly unknown[] }[],
  uploads?: KnownUploads,
): IncidentPayloadValues[] {
  const entries: IncidentPayloadValues[] = [];
  for (const preset of presets) {
    const field = mappedField(form, preset.field_group, preset.field);
    if (!field) continue;
    const checked = normalizedValues(field, preset.values, uploads);
    if ('values' in checked) entries.push({ field: preset.field, field_group: preset.field_group, values: checked.values });
  }
  return entries;
}

/** `ignored_field_groups`: ids of groups of the form, in form order; problems go to `messages`. */
export function ignoredGroups(messages: FieldMessages, form: IncidentFormSnapshot, checked: ParsedValue<readonly unknown[] | null> | undefined): string[] {
  const value = checked === undefined ? null : accepted(messages, 'ignored_field_groups', checked)?.value;
  if (!value) return [];
  const known = new Set(form.field_groups.map((group) => group.id));
  for (const id of value) {
    if (typeof id !== 'string' || !known.has(id))
      messages.add('ignored_field_groups', `The field group "${typeof id === 'string' ? id : JSON.stringify(id)}" is not part of this form.`);
  }
  const wanted = new Set(value);
  return form.field_groups.filter((group) => wanted.has(group.id)).map((group) => group.id);
}

/**
 * The values the incident holds after a save: `current` with the entries of `changes` replacing
 * theirs, in form order, fields without values left out.
 */
export function mergedFieldValues(
  form: IncidentFormSnapshot,
  current: readonly IncidentPayloadValues[],
  changes: readonly IncidentPayloadValues[],
): IncidentFieldValue[] {
  const byKey = new Map<string, readonly IncidentValue[]>();
  for (const entry of [...current, ...changes]) byKey.set(valueKey(entry.field_group, entry.field), entry.values);
  const merged: IncidentFieldValue[] = [];
  for (const group of form.field_groups) {
    for (const mapping of group.form_field_mappings) {
      const field = ownValue(form.fields, mapping.field);
      const values = byKey.get(valueKey(group.id, mapping.field));
      if (!field || !values?.length) continue;
      merged.push({ field: field.id, field_group: group.id, field_type: field.field_type, values: [...values] });
    }
  }
  return merged;
}

/** Values compare by content (objects key by key), so a re-sent attachment equals the stored one. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
