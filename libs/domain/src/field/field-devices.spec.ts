import { describe, expect, it } from '@jest/globals';
import { CONTACT_FIELD_TYPES, fieldDevices, isSelectFieldType, type ContactFieldType } from './field-types';

const field = (field_type: ContactFieldType) => ({ id: 'f1', label: 'Contact', field_type });

describe('the devices a contact field yields', () => {
  it.each([
    ['PHONE(SMS&VOICE)', [['SMS', 'SMS'], ['VOICE', 'Voice Call']]],
    ['PHONE(SMS)', [['SMS', 'SMS']]],
    ['PHONE(VOICE)', [['VOICE', 'Voice Call']]],
    ['EMAIL', [['EMAIL', 'Email']]],
    ['TEXT', []],
    ['NUMERIC', []],
    ['POSTCODE', []],
    ['PAGER', []],
    ['MULTISELECT', []],
    ['SINGLESELECT', []],
  ] as const)('%s yields %j', (fieldType, devices) => {
    expect(fieldDevices(field(fieldType))).toEqual(
      devices.map(([dispatch_type, label]) => ({ dispatch_type, label, field_id: 'f1', field_label: 'Contact' })),
    );
  });

  it('knows the ten types exactly as the spec spells them, two of them select types', () => {
    expect(CONTACT_FIELD_TYPES).toEqual([
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
    ]);
    expect(CONTACT_FIELD_TYPES.filter(isSelectFieldType)).toEqual(['MULTISELECT', 'SINGLESELECT']);
  });
});
