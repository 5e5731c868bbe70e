/**
 * Contact (data) fields (spec part 2 §3 "Data (contact) field"): the ten types, spelt as the spec
 * spells them, and the devices a field of each type gives a message to send to.
 */
export const CONTACT_FIELD_TYPES = [
  'TEXT',
  'NUMERIC',
  'POSTCODE',
  'EMAIL',
  'PAGER',
  'MULTISELECT',
  'SINGLESELECT',
  'PHONE(SMS)',
  'PHONE(VOICE)',
  'PHONE(SMS&VOICE)',
] as const;
export type ContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];

/** Types whose values are choices from the field's options: only these have options. */
export const SELECT_FIELD_TYPES: readonly ContactFieldType[] = ['SINGLESELECT', 'MULTISELECT'];
export const isSelectFieldType = (type: ContactFieldType): boolean => SELECT_FIELD_TYPES.includes(type);

export const isContactFieldType = (value: unknown): value is ContactFieldType =>
  typeof value === 'string' && (CONTACT_FIELD_TYPES as readonly string[]).includes(value);

/** The channels a message's devices send over (spec part 2 §3, scenario devices). */
export const DISPATCH_TYPES = ['SMS', 'VOICE', 'EMAIL'] as const;
export type DispatchType = (typeof DISPATCH_TYPES)[number];

/** A device a contact field yields: the message builder's device list offers one per entry. */
export interface FieldDevice {
  readonly dispatch_type: DispatchType;
  /** The channel's name in the console's words. */
  readonly label: string;
  readonly field_id: string;
  readonly field_label: string;
}

const SMS = { dispatch_type: 'SMS', label: 'SMS' } as const;
const VOICE = { dispatch_type: 'VOICE', label: 'Voice Call' } as const;
const EMAIL = { dispatch_type: 'EMAIL', label: 'Email' } as const;

/** A Map, so a type a caller names that is none of these ("constructor") yields nothing. */
const CHANNELS_BY_TYPE: ReadonlyMap<ContactFieldType, readonly { dispatch_type: DispatchType; label: string }[]> = new Map([
  ['PHONE(SMS)', [SMS]],
  ['PHONE(VOICE)', [VOICE]],
  ['PHONE(SMS&VOICE)', [SMS, VOICE]],
  ['EMAIL', [EMAIL]],
]);

/**
 * The devices a field yields: a combined phone field two (SMS and Voice Call), a phone field for one
 * channel one, an email field one; every other type (text, numbers, postcodes, pagers, choices) none.
 */
export function fieldDevices(field: { readonly id: string; readonly label: string; readonly field_type: ContactFieldType }): FieldDevice[] {
  return (CHANNELS_BY_TYPE.get(field.field_type) ?? []).map((channel) => ({ ...channel, field_id: field.id, field_label: field.label }));
}
