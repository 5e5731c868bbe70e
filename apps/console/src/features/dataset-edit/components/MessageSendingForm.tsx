import { AMD_MESSAGE_TYPES, MESSAGE_TIMEOUT_CHOICES, SETTINGS_TEXT_MAX_LENGTH, SMS_FRAME_TEXT_MAX_LENGTH } from '@beacon/domain';
import { useId } from 'react';
import { ownMessages, partMessages } from '../field-errors';
import type { FormServices } from '../form-services';
import { SETTINGS_SECTIONS, settingsFormDefinition } from '../settings-form';
import { useForm } from '../use-form';
import { characterCount, CheckboxField, CheckboxRow, Fieldset, GroupErrors, Input, Labelled, Select, TextArea } from './form-parts';
import { FormFrame } from './FormFrame';

const AMD_TYPE_LABELS: Record<(typeof AMD_MESSAGE_TYPES)[number], string> = { tts_amd: 'Text to speech', recording_amd: 'Recording' };

/** Message sending: what a message of the dataset is sent with unless it says otherwise. */
export function MessageSendingForm({ services }: { services: FormServices }) {
  const form = useForm(() => settingsFormDefinition(SETTINGS_SECTIONS.messageSending, 'Message sending settings saved.', services), services.reportUnsaved);
  const amdId = useId();
  return (
    <FormFrame title="Message sending" description="What messages of this dataset are sent with unless a message says otherwise." form={form}>
      {(values) => {
        const amdErrors = form.errorsOf('default_amd_message');
        return (
          <>
            <Labelled label="Default message timeout" hint="How long a message waits for its recipients’ replies." errors={form.errorsOf('default_message_timeout')}>
              {(control) => (
                <Select
                  {...control}
                  value={String(values.default_message_timeout.value)}
                  onChange={(event) => {
                    const choice = MESSAGE_TIMEOUT_CHOICES.find((option) => String(option.value) === event.target.value);
                    if (choice) form.change({ default_message_timeout: { value: choice.value, text: choice.text } });
                  }}
                >
                  {MESSAGE_TIMEOUT_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.text}
                    </option>
                  ))}
                </Select>
              )}
            </Labelled>
            <Labelled label="Default text-to-speech voice" hint="The voice of voice messages that choose none." errors={form.errorsOf('default_tts_voice')}>
              {(control) => <Input {...control} value={values.default_tts_voice} onChange={(event) => form.change({ default_tts_voice: event.target.value })} />}
            </Labelled>
            <Labelled
              label="Default SMS sender name"
              hint="At most 11 letters, digits or spaces, with at least one letter. Leave it empty to send from the platform’s sender."
              errors={form.errorsOf('default_sms_sender_name')}
            >
              {(control) => (
                <Input {...control} value={values.default_sms_sender_name} onChange={(event) => form.change({ default_sms_sender_name: event.target.value })} />
              )}
            </Labelled>
            <Fieldset aria-describedby={amdErrors.length > 0 ? `${amdId}-errors` : undefined}>
              <legend>Default answering machine message</legend>
              <Fieldset>
                <legend>Message type</legend>
                {AMD_MESSAGE_TYPES.map((type) => (
                  <CheckboxRow key={type}>
                    <input
                      id={`${amdId}-${type}`}
                      type="radio"
                      name={`${amdId}-type`}
                      checked={values.default_amd_message.message_type === type}
                      onChange={() => form.change({ default_amd_message: { ...values.default_amd_message, message_type: type } })}
                    />
                    <label htmlFor={`${amdId}-${type}`}>{AMD_TYPE_LABELS[type]}</label>
                  </CheckboxRow>
                ))}
                <GroupErrors id={`${amdId}-type-errors`} messages={partMessages(amdErrors, 'message_type')} />
              </Fieldset>
              <Labelled
                label="Message"
                hint={characterCount(values.default_amd_message.message, SETTINGS_TEXT_MAX_LENGTH)}
                errors={partMessages(amdErrors, 'message')}
              >
                {(control) => (
                  <TextArea
                    {...control}
                    value={values.default_amd_message.message}
                    onChange={(event) => form.change({ default_amd_message: { ...values.default_amd_message, message: event.target.value } })}
                  />
                )}
              </Labelled>
              <GroupErrors id={`${amdId}-errors`} messages={ownMessages(amdErrors)} />
            </Fieldset>
            <Fieldset>
              <legend>SMS</legend>
              <CheckboxField
                label="SMS quick reports"
                checked={values.sms_quick_reports}
                errors={form.errorsOf('sms_quick_reports')}
                onChange={(checked) => form.change({ sms_quick_reports: checked })}
              />
              <CheckboxField
                label="Test message header"
                hint="A test message’s SMS starts with its name in capitals."
                checked={values.test_message_header}
                errors={form.errorsOf('test_message_header')}
                onChange={(checked) => form.change({ test_message_header: checked })}
              />
              <Labelled label="Opening text" hint={`Put before every SMS. ${characterCount(values.opening_text, SMS_FRAME_TEXT_MAX_LENGTH)}`} errors={form.errorsOf('opening_text')}>
                {(control) => <TextArea {...control} value={values.opening_text} onChange={(event) => form.change({ opening_text: event.target.value })} />}
              </Labelled>
              <Labelled label="Closing text" hint={`Put after every SMS. ${characterCount(values.closing_text, SMS_FRAME_TEXT_MAX_LENGTH)}`} errors={form.errorsOf('closing_text')}>
                {(control) => <TextArea {...control} value={values.closing_text} onChange={(event) => form.change({ closing_text: event.target.value })} />}
              </Labelled>
            </Fieldset>
          </>
        );
      }}
    </FormFrame>
  );
}
