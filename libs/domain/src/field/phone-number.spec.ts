import { describe, expect, it } from '@jest/globals';
import { PHONE_NUMBER_BLANK, invalidDialCode, invalidPhoneNumber, normalisePhoneNumber } from './phone-number';

describe('phone numbers in E.164', () => {
  it.each([
    ['07911 123456', '+44', '+447911123456'],
    ['07911 123456', '44', '+447911123456'],
    ['+44 7911 123456', '+1', '+447911123456'],
    ['0044 7911 123456', '+1', '+447911123456'],
    ['(415) 555-0132', '+1', '+14155550132'],
    ['06 12 34 56 78', '0033', '+33612345678'],
    ['  020 7946 0958 ', '+44', '+442079460958'],
  ])('reads %j with default dial code %s as %s', (input, dialCode, e164) => {
    expect(normalisePhoneNumber(input, dialCode)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['12', '+44'],
    ['not a number', '+44'],
    ['+999 123', '+44'],
    ['07911 1234567890', '+44'],
  ])('refuses %j (dial code %s) with a message naming it', (input, dialCode) => {
    expect(normalisePhoneNumber(input, dialCode)).toEqual({ ok: false, message: invalidPhoneNumber(input, dialCode.replace('+', '')) });
  });

  it('says when the number is blank or the dial code is not one', () => {
    expect(normalisePhoneNumber('  ', '+44')).toEqual({ ok: false, message: PHONE_NUMBER_BLANK });
    expect(normalisePhoneNumber('07911 123456', 'UK')).toEqual({ ok: false, message: invalidDialCode('UK') });
    expect(normalisePhoneNumber('07911 123456', '+0')).toEqual({ ok: false, message: invalidDialCode('+0') });
  });
});
