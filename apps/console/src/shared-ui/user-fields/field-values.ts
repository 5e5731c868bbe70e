import type { UserFieldOptionDto } from '@beacon/contracts';
import { collectFieldValues, fieldDevices, isSelectFieldType, type ApplicableField, type ContactFieldType } from '@beacon/domain';

/*
 * A user's contact-field values as the console's forms edit them (spec part 2 §3 "Field values"):
 * devices (phone and email fields) and data, checked as typed by the same rules the server applies
 * (the domain's collectFieldValues), and the server's messages, which name the field by its label,
 * placed under that field.
 */

/** A contact field a user may hold values of, with the options the user's group offers. */
export interface UserField {
  readonly id: string;
  readonly label: string;
  readonly field_type: ContactFieldType;
  readonly options: readonly UserFieldOptionDto[];
}

/** Each field's values as the form holds them: one text for the single-valued types (none when empty), option ids for the select types. */
export type FieldDrafts = Readonly<Record<string, readonly string[]>>;

/** Messages per field id. */
export type FieldMessages = Readonly<Record<string, readonly string[]>>;

/** Phone and email fields: the devices a message goes to. */
export const isDeviceField = (field: Pick<UserField, 'id' | 'label' | 'field_type'>): boolean => fieldDevices(field).length > 0;

export const isSelectField = (field: Pick<UserField, 'field_type'>): boolean => isSelectFieldType(field.field_type);

/** What an input's change makes of the field's values: empty text holds no value. */
export const textValues = (text: string): string[] => (text === '' ? [] : [text]);

const normalised = (field: UserField | undefined, values: readonly string[]) => {
  const present = values.map((value) => value.trim()).filter(Boolean);
  return field && isSelectField(field) ? [...new Set(present)].sort() : present;
};

/** Whether a field's values differ (the order of chosen options does not count). */
export function fieldChanged(field: UserField | undefined, values: readonly string[], saved: readonly string[]): boolean {
  const [a, b] = [normalised(field, values), normalised(field, saved)];
  return a.length !== b.length || a.some((value, index) => value !== b[index]);
}

/** The `custom_fields` entries of a create or change: the fields given, their values trimmed (an empty list clears). */
export function fieldInputs(drafts: FieldDrafts, fieldIds: readonly string[]): { field: string; values: string[] }[] {
  return fieldIds.map((field) => ({ field, values: (drafts[field] ?? []).map((value) => value.trim()).filter(Boolean) }));
}

/** A message on its own, once the label before it is gone: "enter a number." → "Enter a number." */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Messages that start with a field's label ("Mobile: …") under that field, without the label; the
 * longest label wins, so "Mobile 2: …" is not taken for "Mobile". The others stay as they are.
 */
export function messagesByField(messages: readonly string[], fields: readonly Pick<UserField, 'id' | 'label'>[]): { byField: FieldMessages; others: string[] } {
  const byLength = [...fields].sort((a, b) => b.label.length - a.label.length);
  const byField: Record<string, string[]> = {};
  const others: string[] = [];
  for (const message of messages) {
    const field = byLength.find((candidate) => message.startsWith(`${candidate.label}: `));
    if (field) (byField[field.id] ??= []).push(sentence(message.slice(field.label.length + 2)));
    else others.push(message);
  }
  return { byField, others };
}

/** What the server would refuse in the given fields' values, by field, as typed; numbers without a country code are read with the group's dial code. */
export function fieldValueProblems(fields: readonly UserField[], drafts: FieldDrafts, fieldIds: readonly string[], dialCode: string): FieldMessages {
  const applicable = new Map<string, ApplicableField>(
    fields.map((field) => [
      field.id,
      { fieldId: field.id, label: field.label, fieldType: field.field_type, offeredOptionIds: new Set(field.options.map((option) => option.id)) },
    ]),
  );
  const inputs = fieldIds.filter((id) => applicable.has(id)).map((fieldId) => ({ fieldId, values: drafts[fieldId] ?? [] }));
  const { problems } = collectFieldValues(inputs, { fields: applicable, dialCode });
  return messagesByField(problems, fields).byField;
}
