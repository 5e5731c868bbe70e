import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CUSTOMER_GROUP_SETTINGS, type NoticeboardNumber } from '../customer-group/customer-group-settings';
import { invalidPhoneNumber } from '../field/phone-number';
import {
  checkPhoneInvokeNumber,
  PHONE_INVOKE_NOT_ENABLED,
  PHONE_INVOKE_NUMBER_NOT_VOICE,
  PHONE_INVOKE_NUMBER_UNKNOWN,
  PHONE_INVOKE_PERMISSION,
} from './phone-invoke-number';

const numbers: NoticeboardNumber[] = [
  { phone_number: '+442079460000', provider: 'noticeboard', is_voice: true },
  { phone_number: '+442079460001', provider: 'twillio', is_voice: false },
  { phone_number: '+33142685300', provider: 'noticeboard-twillio', is_voice: true },
];

const britishGroup = {
  settings: { noticeboard_numbers: numbers, country_code: DEFAULT_CUSTOMER_GROUP_SETTINGS.country_code },
  rootPermissions: [PHONE_INVOKE_PERMISSION],
};

describe('a number to invoke messages by phone', () => {
  it.each([
    ['in E.164', '+442079460000', '+442079460000'],
    ['with spaces', '+44 20 7946 0000', '+442079460000'],
    ['with 00 for +', '0044 20 7946 0000', '+442079460000'],
    ["as dialled in the group's country", '020 7946 0000', '+442079460000'],
    ['of another country, with its code', '+33 1 42 68 53 00', '+33142685300'],
  ])('is valid %s, answered in E.164', (_, input, e164) => {
    expect(checkPhoneInvokeNumber(input, britishGroup)).toEqual({ valid: true, phone_number: e164 });
  });

  it("reads a number without its country code as one of the group's country", () => {
    const frenchGroup = { ...britishGroup, settings: { ...britishGroup.settings, country_code: { country: 'France', dial_code: '+33', country_code: 'FR' } } };
    expect(checkPhoneInvokeNumber('01 42 68 53 00', frenchGroup)).toEqual({ valid: true, phone_number: '+33142685300' });
    expect(checkPhoneInvokeNumber('020 7946 0000', frenchGroup)).toMatchObject({ valid: false });
  });

  it('is not a number when it does not read as one', () => {
    for (const input of ['12345', 'call me', '+44 20'])
      expect(checkPhoneInvokeNumber(input, britishGroup)).toEqual({ valid: false, problem: invalidPhoneNumber(input, '44') });
  });

  it("must be one of the group's phone numbers", () => {
    expect(checkPhoneInvokeNumber('+442079460002', britishGroup)).toEqual({ valid: false, problem: PHONE_INVOKE_NUMBER_UNKNOWN });
  });

  it('must take voice calls', () => {
    expect(checkPhoneInvokeNumber('+442079460001', britishGroup)).toEqual({ valid: false, problem: PHONE_INVOKE_NUMBER_NOT_VOICE });
  });

  it('matches a listed number kept in another format', () => {
    const spaced = { ...britishGroup, settings: { ...britishGroup.settings, noticeboard_numbers: [{ ...numbers[0]!, phone_number: '+44 20 7946 0000' }] } };
    expect(checkPhoneInvokeNumber('02079460000', spaced)).toEqual({ valid: true, phone_number: '+442079460000' });
  });

  it('needs the root permission "Phone invoke", whatever the number', () => {
    for (const input of ['+442079460000', 'call me'])
      expect(checkPhoneInvokeNumber(input, { ...britishGroup, rootPermissions: ['Voice'] })).toEqual({ valid: false, problem: PHONE_INVOKE_NOT_ENABLED });
  });
});
