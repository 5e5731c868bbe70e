import type { ConferenceSettingsDto } from '@beacon/contracts';
import { SETTINGS_TEXT_MAX_LENGTH, tooLong } from '@beacon/domain';
import { settingsOfGroup } from './dataset-edit-api';
import type { FieldErrors } from './field-errors';
import type { FormCalls } from './form-services';
import type { FormDefinition } from './machines/form.machine';

const FIELDS = ['default_message_amd', 'default_message_live'] as const;

/** The conference form: the two messages of a conference call (the call takes both). */
export function conferenceFormDefinition({ api, groupId, notify }: FormCalls): FormDefinition<ConferenceSettingsDto, null> {
  return {
    load: async () => ({ values: settingsOfGroup(await api.customerGroup(groupId)).conference, options: null }),
    save: (values) => api.changeConferenceSettings(groupId, values),
    change: (values, patch) => ({ ...values, ...patch }),
    errors: (values): FieldErrors =>
      Object.fromEntries(FIELDS.filter((field) => values[field].trim().length > SETTINGS_TEXT_MAX_LENGTH).map((field) => [field, [tooLong(SETTINGS_TEXT_MAX_LENGTH)]])),
    changedFields: (values, saved) => FIELDS.filter((field) => values[field] !== saved[field]),
    savedText: 'Conference settings saved.',
    notify,
  };
}
