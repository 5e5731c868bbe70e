import type { ContactFieldType } from '../field/field-types';

/**
 * A group's on-call data fields (spec part 2 §3 "On-call settings"): its contact fields but those of
 * the device types, which hold how to reach a user rather than what the user is (a driver, a site).
 */
export const ON_CALL_EXCLUDED_FIELD_TYPES: readonly ContactFieldType[] = ['PHONE(SMS)', 'PHONE(SMS&VOICE)', 'PHONE(VOICE)', 'EMAIL', 'PAGER'];

export const isOnCallDataFieldType = (fieldType: ContactFieldType): boolean => !ON_CALL_EXCLUDED_FIELD_TYPES.includes(fieldType);
