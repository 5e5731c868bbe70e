import type { CustomerGroupSettingsDto } from '@beacon/contracts';
import { NOTICEBOARD_NUMBERS_MAX, NOTICEBOARD_PROVIDERS, SETTINGS_TEXT_MAX_LENGTH, type NoticeboardNumber } from '@beacon/domain';
import { useId } from 'react';
import styled from 'styled-components';
import { listMessages, ownMessages, partMessages } from '../field-errors';
import type { FormServices } from '../form-services';
import { SETTINGS_SECTIONS, settingsFormDefinition } from '../settings-form';
import { useForm, type FormControls } from '../use-form';
import { characterCount, CheckboxField, Fieldset, GroupErrors, Hint, Input, ItemButton, Labelled, Select, TextArea } from './form-parts';
import { FormFrame } from './FormFrame';

const PROVIDER_LABELS: Record<NoticeboardNumber['provider'], string> = {
  noticeboard: 'Noticeboard',
  'noticeboard-twillio': 'Noticeboard over Twilio',
  twillio: 'Twilio',
};

type SettingsForm = FormControls<CustomerGroupSettingsDto, null>;

/** Outbound and inbound routing: the dataset's country and numbers, two-way SMS and the dial-back message. */
export function OutboundAndInboundRoutingForm({ services }: { services: FormServices }) {
  const form = useForm(() => settingsFormDefinition(SETTINGS_SECTIONS.outboundAndInboundRouting, 'Outbound and inbound routing settings saved.', services), services.reportUnsaved);
  return (
    <FormFrame title="Outbound and inbound routing" description="Where the dataset’s calls and messages come from and how replies come back." form={form}>
      {(values) => (
        <>
          <CountryFields form={form} values={values} />
          <Labelled
            label="Dataset phone number"
            hint="In international format, for example +447911123456. Leave it empty for none."
            errors={form.errorsOf('customer_group_phone_number')}
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="off"
                value={values.customer_group_phone_number}
                onChange={(event) => form.change({ customer_group_phone_number: event.target.value.trim() })}
              />
            )}
          </Labelled>
          <NoticeboardNumbers form={form} values={values} />
          <Fieldset>
            <legend>Two-way SMS</legend>
            <Hint>At most one of the two can be on: turning one on turns the other off.</Hint>
            <CheckboxField
              label="Two-way SMS"
              checked={values.two_way_sms}
              errors={form.errorsOf('two_way_sms')}
              onChange={(checked) => form.change({ two_way_sms: checked })}
            />
            <CheckboxField
              label="Forced two-way SMS"
              checked={values.force_two_way_sms}
              errors={form.errorsOf('force_two_way_sms')}
              onChange={(checked) => form.change({ force_two_way_sms: checked })}
            />
          </Fieldset>
          <Labelled
            label="Dial-back message"
            hint={characterCount(values.dial_back_message, SETTINGS_TEXT_MAX_LENGTH)}
            errors={form.errorsOf('dial_back_message')}
          >
            {(control) => <TextArea {...control} value={values.dial_back_message} onChange={(event) => form.change({ dial_back_message: event.target.value })} />}
          </Labelled>
        </>
      )}
    </FormFrame>
  );
}

interface PartProps {
  form: SettingsForm;
  values: CustomerGroupSettingsDto;
}

/** The default country of phone numbers entered without one: its name, ISO code and dial code, which must agree. */
function CountryFields({ form, values }: PartProps) {
  const errorsId = useId();
  const errors = form.errorsOf('country_code');
  const country = values.country_code;
  const set = (part: Partial<CustomerGroupSettingsDto['country_code']>) => form.change({ country_code: { ...country, ...part } });
  return (
    <Fieldset aria-describedby={ownMessages(errors).length > 0 ? errorsId : undefined}>
      <legend>Default country</legend>
      <Hint>Phone numbers entered without a country code are taken to be in this country.</Hint>
      <Row>
        <Labelled label="Country" errors={partMessages(errors, 'country')}>
          {(control) => <Input {...control} value={country.country} onChange={(event) => set({ country: event.target.value })} />}
        </Labelled>
        <Labelled label="Country code" hint="ISO 3166, for example GB." errors={partMessages(errors, 'country_code')}>
          {(control) => (
            <Input {...control} value={country.country_code} maxLength={2} onChange={(event) => set({ country_code: event.target.value.trim().toUpperCase() })} />
          )}
        </Labelled>
        <Labelled label="Dial code" hint="For example +44." errors={partMessages(errors, 'dial_code')}>
          {(control) => <Input {...control} value={country.dial_code} onChange={(event) => set({ dial_code: event.target.value.trim() })} />}
        </Labelled>
      </Row>
      <GroupErrors id={errorsId} messages={ownMessages(errors)} />
    </Fieldset>
  );
}

/** The dataset's noticeboard numbers, each with its provider and whether it takes voice, and the ones used by default. */
function NoticeboardNumbers({ form, values }: PartProps) {
  const errorsId = useId();
  const errors = form.errorsOf('noticeboard_numbers');
  const defaultErrors = listMessages(form.errorsOf('default_noticeboards'), 'Default noticeboard');
  const groupErrors = [...ownMessages(errors), ...defaultErrors];
  const numbers = values.noticeboard_numbers;
  const defaults = values.default_noticeboards;

  const setNumbers = (next: NoticeboardNumber[], nextDefaults: string[] = defaults) =>
    form.change({ noticeboard_numbers: next, default_noticeboards: nextDefaults });
  const update = (index: number, entry: Partial<NoticeboardNumber>) => {
    const before = numbers[index]!;
    const next = numbers.map((item, at) => (at === index ? { ...item, ...entry } : item));
    const renamed = entry.phone_number !== undefined && defaults.includes(before.phone_number);
    setNumbers(next, renamed ? defaults.map((number) => (number === before.phone_number ? entry.phone_number! : number)) : defaults);
  };
  const remove = (index: number) =>
    setNumbers(
      numbers.filter((_, at) => at !== index),
      defaults.filter((number) => number !== numbers[index]!.phone_number),
    );
  const setDefault = (number: string, on: boolean) =>
    form.change({ default_noticeboards: on ? [...defaults, number] : defaults.filter((item) => item !== number) });

  return (
    <Fieldset aria-describedby={groupErrors.length > 0 ? errorsId : undefined}>
      <legend>Noticeboard numbers</legend>
      {numbers.length === 0 && <Hint>The dataset has no noticeboard numbers.</Hint>}
      {numbers.map((entry, index) => (
        <Entry key={index} role="group" aria-label={`Noticeboard number ${index + 1}`}>
          <Labelled label="Phone number" hint="International format, for example +447911123456." errors={partMessages(errors, `${index}.phone_number`)}>
            {(control) => (
              <Input {...control} type="tel" autoComplete="off" value={entry.phone_number} onChange={(event) => update(index, { phone_number: event.target.value.trim() })} />
            )}
          </Labelled>
          <Labelled label="Provider" errors={partMessages(errors, `${index}.provider`)}>
            {(control) => (
              <Select {...control} value={entry.provider} onChange={(event) => update(index, { provider: event.target.value as NoticeboardNumber['provider'] })}>
                {NOTICEBOARD_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {PROVIDER_LABELS[provider]}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
          <CheckboxField label="Voice" checked={entry.is_voice} onChange={(checked) => update(index, { is_voice: checked })} />
          <CheckboxField
            label="Use by default"
            checked={defaults.includes(entry.phone_number)}
            onChange={(checked) => setDefault(entry.phone_number, checked)}
          />
          <ItemButton type="button" aria-label={`Remove noticeboard number ${index + 1}`} onClick={() => remove(index)}>
            Remove
          </ItemButton>
        </Entry>
      ))}
      <div>
        <ItemButton
          type="button"
          disabled={numbers.length >= NOTICEBOARD_NUMBERS_MAX}
          onClick={() => setNumbers([...numbers, { phone_number: '', provider: 'noticeboard', is_voice: false }])}
        >
          Add a noticeboard number
        </ItemButton>
      </div>
      <GroupErrors id={errorsId} messages={groupErrors} />
    </Fieldset>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px;
  align-items: start;
`;

const Entry = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, auto));
  gap: 12px;
  align-items: end;
  padding: 8px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
