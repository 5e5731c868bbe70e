import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { foldEvents } from '../shared/decider';
import { DEFAULT_CUSTOMER_GROUP_SETTINGS, isIanaTimeZone, settingsWithDefaults, type CustomerGroupSettingsChange } from './customer-group-settings';
import { customerGroupDecider } from './customer-group.decide';
import type { CustomerGroupCreated } from './customer-group.events';
import { fieldErrorsOf } from '../testing/refusals';

const created: CustomerGroupCreated = {
  type: 'CustomerGroupCreated',
  data: { customerGroupId: 'g1', name: 'Demo', parentId: null, rootId: 'g1', ancestorIds: [], rootPermissions: [], settings: { send_verification_email: true, noticeboard_numbers: [] } },
};

const change = (settings: CustomerGroupSettingsChange) => ({ type: 'ChangeCustomerGroupSettings' as const, data: { customerGroupId: 'g1', settings } });


describe('customer group settings', () => {
  it('starts from the defaults of spec §9 (30 minutes, Amy), overlaid by what the group was created with', () => {
    const state = foldEvents(customerGroupDecider, [created]);
    expect(state.status === 'active' && state.settings).toEqual({ ...DEFAULT_CUSTOMER_GROUP_SETTINGS, send_verification_email: true });
    expect(DEFAULT_CUSTOMER_GROUP_SETTINGS.default_message_timeout).toEqual({ text: '30 minutes', value: 1800 });
    expect(DEFAULT_CUSTOMER_GROUP_SETTINGS.default_tts_voice).toBe('Amy');
  });

  it('keeps out recorded values of another shape', () => {
    expect(settingsWithDefaults({ two_way_sms: 'yes', noticeboard_numbers: {}, opening_text: 'Hi' })).toEqual({ ...DEFAULT_CUSTOMER_GROUP_SETTINGS, opening_text: 'Hi' });
  });

  it('records only the settings that change, with the label of the timeout chosen', () => {
    const events = given(customerGroupDecider, [created]).when(
      change({ default_message_timeout: { value: 3600, text: 'whatever' }, send_verification_email: true, default_sms_sender_name: 'Council' }),
    );
    expect(events).toEqual([
      {
        type: 'CustomerGroupSettingsChanged',
        data: { customerGroupId: 'g1', settings: { default_sms_sender_name: 'Council', default_message_timeout: { value: 3600, text: '1 hour' } } },
      },
    ]);
    expect(given(customerGroupDecider, [created, ...events]).when(change({ default_message_timeout: { value: 3600, text: '1 hour' } }))).toEqual([]);
  });

  it('turns forced two-way SMS off when two-way SMS is turned on, and the other way round (§4)', () => {
    const forced = { type: 'CustomerGroupSettingsChanged' as const, data: { customerGroupId: 'g1', settings: { force_two_way_sms: true } } };
    expect(given(customerGroupDecider, [created, forced]).when(change({ two_way_sms: true }))).toEqual([
      { type: 'CustomerGroupSettingsChanged', data: { customerGroupId: 'g1', settings: { two_way_sms: true, force_two_way_sms: false } } },
    ]);
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(change({ two_way_sms: true, force_two_way_sms: true })))).toEqual({
      force_two_way_sms: ['Two-way SMS and forced two-way SMS cannot both be on.'],
    });
  });

  it.each([
    ['an unknown timeout', { default_message_timeout: { value: 1000, text: '' } }, { default_message_timeout: ['value: "1000" is not a valid choice.'] }],
    ['a bad dial code', { country_code: { country: 'France', dial_code: '33', country_code: 'FR' } }, { country_code: ['dial_code: Not a valid dial code (a + and 1 to 4 digits).'] }],
    ['a dial code of another country', { country_code: { country: 'France', dial_code: '+44', country_code: 'FR' } }, { country_code: ['dial_code: The dial code of FR is +33.'] }],
    ['an unknown country', { country_code: { country: 'Nowhere', dial_code: '+44', country_code: 'XX' } }, { country_code: ['country_code: Not a known ISO 3166 country code (for example GB).'] }],
    ['a time zone that is not an IANA zone', { preferred_timezone: 'GMT+1' }, { preferred_timezone: ['Not a valid IANA time zone (for example Europe/London).'] }],
    ['an invalid group phone number', { customer_group_phone_number: '12345' }, { customer_group_phone_number: ['Not a valid phone number in international format (for example +447911123456).'] }],
    ['a sender name over 11 characters', { default_sms_sender_name: 'City Council Alerts' }, { default_sms_sender_name: ['A sender name is at most 11 letters, digits or spaces, with at least one letter.'] }],
    ['a sender name of digits only', { default_sms_sender_name: '12345' }, { default_sms_sender_name: ['A sender name is at most 11 letters, digits or spaces, with at least one letter.'] }],
    ['a blank TTS voice', { default_tts_voice: ' ' }, { default_tts_voice: ['This field may not be blank.'] }],
    ['an opening text over one SMS', { opening_text: 'x'.repeat(161) }, { opening_text: ['Ensure this field has no more than 160 characters.'] }],
    ['an unknown answering-machine message type', { default_amd_message: { message_type: 'beep', message: '' } }, { default_amd_message: ['message_type: "beep" is not a valid choice.'] }],
    [
      'a noticeboard number that is invalid, repeated or of an unknown provider',
      {
        noticeboard_numbers: [
          { phone_number: '+447911123456', provider: 'twillio', is_voice: true },
          { phone_number: '+447911123456', provider: 'noticeboard', is_voice: false },
          { phone_number: '07700', provider: 'acme', is_voice: false },
        ],
      },
      {
        noticeboard_numbers: [
          '1.phone_number: This number is listed twice.',
          '2.phone_number: Not a valid phone number in international format (for example +447911123456).',
          '2.provider: "acme" is not a valid choice.',
        ],
      },
    ],
    ['a default noticeboard that is not a noticeboard number', { default_noticeboards: ['+447911123456'] }, { default_noticeboards: ['0: Not one of the noticeboard numbers.'] }],
  ])('refuses %s, naming the setting', (_case, settings, fields) => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(change(settings as CustomerGroupSettingsChange)))).toEqual(fields);
  });

  it('accepts IANA zones and refuses offsets, abbreviations and paths', () => {
    expect(['Europe/London', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+1'].map(isIanaTimeZone)).toEqual([true, true, true, true]);
    expect(['GMT+1', 'BST', '+01:00', 'Europe/Nowhere', '../etc/passwd', ''].map(isIanaTimeZone)).toEqual([false, false, false, false, false, false]);
  });

  it('changes the conference messages, trimmed, and nothing when they are the same', () => {
    const conference = { default_message_amd: ' Please call back ', default_message_live: 'Press 1 to join' };
    const events = given(customerGroupDecider, [created]).when({ type: 'ChangeConferenceSettings', data: { customerGroupId: 'g1', conference } });
    expect(events).toEqual([
      { type: 'CustomerGroupConferenceSettingsChanged', data: { customerGroupId: 'g1', conference: { default_message_amd: 'Please call back', default_message_live: 'Press 1 to join' } } },
    ]);
    expect(given(customerGroupDecider, [created, ...events]).when({ type: 'ChangeConferenceSettings', data: { customerGroupId: 'g1', conference } })).toEqual([]);
    expect(
      fieldErrorsOf(() =>
        given(customerGroupDecider, [created]).when({ type: 'ChangeConferenceSettings', data: { customerGroupId: 'g1', conference: { default_message_amd: 'x'.repeat(1001), default_message_live: '' } } }),
      ),
    ).toEqual({ default_message_amd: ['Ensure this field has no more than 1000 characters.'] });
  });

  it('answers not found for a group that does not exist', () => {
    expect(() => given(customerGroupDecider, []).when(change({ two_way_sms: true }))).toThrow('Not found.');
  });
});

describe('audio noticeboard messages', () => {
  const numbered = {
    type: 'CustomerGroupSettingsChanged' as const,
    data: { customerGroupId: 'g1', settings: { noticeboard_numbers: [{ phone_number: '+442079460000', provider: 'noticeboard' as const, is_voice: true }] } },
  };
  const say = (phoneNumber: string, message: string) => ({ type: 'ChangeAudioNoticeboardMessage' as const, data: { customerGroupId: 'g1', phoneNumber, message } });

  it("sets the message of one of the group's noticeboard numbers, trimmed; the same text again records nothing", () => {
    const events = given(customerGroupDecider, [created, numbered]).when(say('+442079460000', ' Roads are closed. '));
    expect(events).toEqual([{ type: 'AudioNoticeboardMessageChanged', data: { customerGroupId: 'g1', phoneNumber: '+442079460000', message: 'Roads are closed.' } }]);
    expect(given(customerGroupDecider, [created, numbered, ...events]).when(say('+442079460000', 'Roads are closed.'))).toEqual([]);
    expect(given(customerGroupDecider, [created, numbered, ...events]).when(say('+44 20 7946 0000', 'Roads are open.'))).toEqual([
      { type: 'AudioNoticeboardMessageChanged', data: { customerGroupId: 'g1', phoneNumber: '+442079460000', message: 'Roads are open.' } },
    ]);
  });

  it('refuses a number the group does not have and a blank or over-long message, naming each', () => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created, numbered]).when(say('+441134960000', ' ')))).toEqual({
      phone_number: ['Not one of the noticeboard numbers of your customer group.'],
      message: ['This field may not be blank.'],
    });
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created, numbered]).when(say('+442079460000', 'x'.repeat(1001))))).toEqual({
      message: ['Ensure this field has no more than 1000 characters.'],
    });
  });
});

describe('merge fields', () => {
  const merge = (fieldData: { id: string; merge_field_enabled: boolean }[], applicableFieldIds = ['f1', 'f2', 'f3']) => ({
    type: 'ChangeMergeFields' as const,
    data: { customerGroupId: 'g1', fieldData, applicableFieldIds },
  });

  it('turns merging on and off per field sent, keeping the others as they were', () => {
    const on = given(customerGroupDecider, [created]).when(merge([{ id: 'f1', merge_field_enabled: true }, { id: 'f2', merge_field_enabled: true }]));
    expect(on).toEqual([{ type: 'MergeFieldsChanged', data: { customerGroupId: 'g1', enabledFieldIds: ['f1', 'f2'] } }]);
    expect(given(customerGroupDecider, [created, ...on]).when(merge([{ id: 'f1', merge_field_enabled: false }]))).toEqual([
      { type: 'MergeFieldsChanged', data: { customerGroupId: 'g1', enabledFieldIds: ['f2'] } },
    ]);
    expect(given(customerGroupDecider, [created, ...on]).when(merge([{ id: 'f2', merge_field_enabled: true }]))).toEqual([]);
  });

  it('refuses a field that does not apply to the group, saying which entry', () => {
    expect(fieldErrorsOf(() => given(customerGroupDecider, [created]).when(merge([{ id: 'f1', merge_field_enabled: true }, { id: 'other', merge_field_enabled: true }])))).toEqual({
      field_data: ['1: Not a contact field of this dataset.'],
    });
  });

  it('forgets a field that no longer applies (deleted) at the next change', () => {
    const on = given(customerGroupDecider, [created]).when(merge([{ id: 'f1', merge_field_enabled: true }, { id: 'f2', merge_field_enabled: true }]));
    expect(given(customerGroupDecider, [created, ...on]).when(merge([{ id: 'f3', merge_field_enabled: true }], ['f2', 'f3']))).toEqual([
      { type: 'MergeFieldsChanged', data: { customerGroupId: 'g1', enabledFieldIds: ['f2', 'f3'] } },
    ]);
  });
});

describe('phone numbers in the settings', () => {
  it('keeps valid international numbers in E.164, however they were spaced', () => {
    const [event] = given(customerGroupDecider, [created]).when(
      change({
        customer_group_phone_number: '+44 7911 123456',
        noticeboard_numbers: [{ phone_number: '+44 (20) 7946-0000', provider: 'noticeboard', is_voice: true }],
        default_noticeboards: ['+44 20 7946 0000'],
      }),
    );
    expect(event?.type === 'CustomerGroupSettingsChanged' && event.data.settings).toEqual({
      customer_group_phone_number: '+447911123456',
      noticeboard_numbers: [{ phone_number: '+442079460000', provider: 'noticeboard', is_voice: true }],
      default_noticeboards: ['+442079460000'],
    });
  });
});
