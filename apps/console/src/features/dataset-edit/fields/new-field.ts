import { BLANK, CONTACT_FIELD_LABEL_MAX_LENGTH, CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH, fieldDevices, isSelectFieldType, tooLong, CONTACT_FIELD_TYPES, type ContactFieldType } from '@beacon/domain';

export type FieldsKind = 'devices' | 'data';

/** A field belongs on the Devices tab when it gives messages a device (phone and email types), else on Data. */
export const typeYieldsDevices = (fieldType: ContactFieldType) => fieldDevices({ id: '', label: '', field_type: fieldType }).length > 0;

/** The types an admin may add on a tab. */
export const typesFor = (kind: FieldsKind): ContactFieldType[] => CONTACT_FIELD_TYPES.filter((type) => typeYieldsDevices(type) === (kind === 'devices'));

export interface NewField {
  label: string;
  fieldType: ContactFieldType;
  /** One option per line (select types only). */
  optionsText: string;
}

export const OPTION_REPEATED = 'Each option may be listed once.';

/** The options typed, one per line, trimmed, blank lines left out. */
export const optionLabels = (optionsText: string) =>
  optionsText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The add-field form's rules as the user types (the server checks them again). */
export function newFieldErrors(field: NewField): { label: string[]; options: string[] } {
  const label = field.label.trim();
  const labelErrors = label === '' ? [BLANK] : label.length > CONTACT_FIELD_LABEL_MAX_LENGTH ? [tooLong(CONTACT_FIELD_LABEL_MAX_LENGTH)] : [];
  if (!isSelectFieldType(field.fieldType)) return { label: labelErrors, options: [] };
  const options = optionLabels(field.optionsText);
  const seen = new Set<string>();
  const optionErrors: string[] = [];
  for (const option of options) {
    if (option.length > CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH) optionErrors.push(`“${option.slice(0, 20)}…”: ${tooLong(CONTACT_FIELD_OPTION_LABEL_MAX_LENGTH)}`);
    if (seen.has(option.toLowerCase())) optionErrors.push(`“${option}”: ${OPTION_REPEATED}`);
    seen.add(option.toLowerCase());
  }
  return { label: labelErrors, options: optionErrors };
}
