import type { ContactFieldType } from '@beacon/domain';

/** A contact field's type in the console's words. */
export const FIELD_TYPE_LABELS: Record<ContactFieldType, string> = {
  TEXT: 'Text',
  NUMERIC: 'Number',
  POSTCODE: 'Postcode',
  EMAIL: 'Email',
  PAGER: 'Pager',
  MULTISELECT: 'Multiple choice',
  SINGLESELECT: 'Single choice',
  'PHONE(SMS)': 'Phone (SMS)',
  'PHONE(VOICE)': 'Phone (voice)',
  'PHONE(SMS&VOICE)': 'Phone (SMS and voice)',
};
