import type { ChangeCustomerGroupSettingsRequest, CustomerGroupSettingsDto } from '@beacon/contracts';
import { changedSettings, customerGroupSettingsErrors } from '@beacon/domain';
import { settingsOfGroup } from './dataset-edit-api';
import type { FieldErrors } from './field-errors';
import type { FormCalls } from './form-services';
import type { FormDefinition } from './machines/form.machine';
import { sameValue } from './same-value';

export type SettingKey = keyof ChangeCustomerGroupSettingsRequest;

/**
 * How spec §3's customer-group settings are split over the three settings screens: where a call
 * goes out and comes back, who may do what and how users are kept, and what a message is sent with.
 */
export const SETTINGS_SECTIONS = {
  outboundAndInboundRouting: [
    'country_code',
    'customer_group_phone_number',
    'noticeboard_numbers',
    'default_noticeboards',
    'two_way_sms',
    'force_two_way_sms',
    'dial_back_message',
  ],
  userAndMaintenanceAndAccess: [
    'locked_users',
    'send_verification_email',
    'send_notifications_to_admins_about_invalid_recipients',
    'preferred_timezone',
    'apply_preferred_timezone',
    'address_format_list',
  ],
  messageSending: [
    'default_message_timeout',
    'default_tts_voice',
    'default_sms_sender_name',
    'default_amd_message',
    'sms_quick_reports',
    'test_message_header',
    'opening_text',
    'closing_text',
  ],
} as const satisfies Record<string, readonly SettingKey[]>;

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;


const pick = (settings: CustomerGroupSettingsDto, keys: readonly SettingKey[]): ChangeCustomerGroupSettingsRequest =>
  Object.fromEntries(keys.map((key) => [key, settings[key]])) as ChangeCustomerGroupSettingsRequest;

/**
 * One settings screen's form: it edits its own settings (the domain's rules check those changed as
 * the server will, §4's two-way SMS pair included) and sends only those that changed.
 */
export function settingsFormDefinition(
  keys: readonly SettingKey[],
  savedText: string,
  { api, groupId, notify }: FormCalls,
): FormDefinition<CustomerGroupSettingsDto, null> {
  const changedFields = (values: CustomerGroupSettingsDto, saved: CustomerGroupSettingsDto) => keys.filter((key) => !sameValue(values[key], saved[key]));
  return {
    load: async () => ({ values: settingsOfGroup(await api.customerGroup(groupId)), options: null }),
    save: (values, saved) => api.changeSettings(groupId, pick(values, changedFields(values, saved))),
    change: (values, patch) => changedSettings(values, patch as ChangeCustomerGroupSettingsRequest),
    // The server checks the settings a change sends (and those paired with them), so a stored value
    // a rule would refuse today does not stop the other settings from being saved.
    errors: (values, _options, saved): FieldErrors => customerGroupSettingsErrors(values, pick(values, changedFields(values, saved))),
    changedFields,
    savedText,
    notify,
  };
}
