import type { CustomerGroupSettingsDto } from '@beacon/contracts';
import { ADDRESS_FORMAT_MAX } from '@beacon/domain';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { ownMessages, partMessages } from '../field-errors';
import type { FormServices } from '../form-services';
import { SETTINGS_SECTIONS, settingsFormDefinition } from '../settings-form';
import { useForm, type FormControls } from '../use-form';
import { CheckboxField, Fieldset, GroupErrors, Hint, Input, ItemButton, Labelled } from './form-parts';
import { FormFrame } from './FormFrame';

const LOCKED_ROLES: readonly { role: keyof CustomerGroupSettingsDto['locked_users']; label: string }[] = [
  { role: 'admin', label: 'Admins' },
  { role: 'operator', label: 'Operators' },
  { role: 'data', label: 'Data users' },
  { role: 'sender', label: 'Senders' },
];

type SettingsForm = FormControls<CustomerGroupSettingsDto, null>;

/** User, maintenance and access: locked users, verification and invalid-recipient emails, the time zone and the address format. */
export function UserAndMaintenanceAndAccessForm({ services }: { services: FormServices }) {
  const form = useForm(() => settingsFormDefinition(SETTINGS_SECTIONS.userAndMaintenanceAndAccess, 'User, maintenance and access settings saved.', services), services.reportUnsaved);
  const zonesId = useId();
  const timeZones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  return (
    <FormFrame title="User, maintenance and access" description="Who of the dataset’s users is locked, what they are sent, and how they are shown." form={form}>
      {(values) => (
        <>
          <Fieldset>
            <legend>Locked users</legend>
            {LOCKED_ROLES.map(({ role, label }) => (
              <CheckboxField
                key={role}
                label={label}
                checked={values.locked_users[role]}
                onChange={(checked) => form.change({ locked_users: { ...values.locked_users, [role]: checked } })}
              />
            ))}
            <GroupErrors id={`${zonesId}-locked`} messages={form.errorsOf('locked_users')} />
          </Fieldset>
          <Fieldset>
            <legend>Emails</legend>
            <CheckboxField
              label="Send verification email"
              hint="Users may then edit their own profile."
              checked={values.send_verification_email}
              errors={form.errorsOf('send_verification_email')}
              onChange={(checked) => form.change({ send_verification_email: checked })}
            />
            <CheckboxField
              label="Notify admins about invalid recipients"
              checked={values.send_notifications_to_admins_about_invalid_recipients}
              errors={form.errorsOf('send_notifications_to_admins_about_invalid_recipients')}
              onChange={(checked) => form.change({ send_notifications_to_admins_about_invalid_recipients: checked })}
            />
          </Fieldset>
          <Fieldset>
            <legend>Time zone</legend>
            <Labelled label="Preferred time zone" hint="An IANA time zone, for example Europe/London." errors={form.errorsOf('preferred_timezone')}>
              {(control) => (
                <Input
                  {...control}
                  list={zonesId}
                  autoComplete="off"
                  value={values.preferred_timezone}
                  onChange={(event) => form.change({ preferred_timezone: event.target.value.trim() })}
                />
              )}
            </Labelled>
            <datalist id={zonesId}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <CheckboxField
              label="Apply the preferred time zone"
              checked={values.apply_preferred_timezone}
              errors={form.errorsOf('apply_preferred_timezone')}
              onChange={(checked) => form.change({ apply_preferred_timezone: checked })}
            />
          </Fieldset>
          <AddressFormat form={form} list={values.address_format_list} />
        </>
      )}
    </FormFrame>
  );
}

/** The contact fields that make up a recipient's address, in order. */
function AddressFormat({ form, list }: { form: SettingsForm; list: readonly string[] }) {
  const errorsId = useId();
  const errors = form.errorsOf('address_format_list');
  const set = (next: string[]) => form.change({ address_format_list: next });
  const move = (from: number, to: number) => {
    const next = [...list];
    const [entry] = next.splice(from, 1);
    next.splice(to, 0, entry!);
    set(next);
  };
  return (
    <Fieldset aria-describedby={ownMessages(errors).length > 0 ? errorsId : undefined}>
      <legend>Address format</legend>
      <Hint>The fields that make up a recipient’s address, in order.</Hint>
      {list.map((entry, index) => (
        <Entry key={index} role="group" aria-label={`Address field ${index + 1}`}>
          <Labelled label={`Field ${index + 1}`} errors={partMessages(errors, String(index))}>
            {(control) => <Input {...control} value={entry} onChange={(event) => set(list.map((item, at) => (at === index ? event.target.value : item)))} />}
          </Labelled>
          <ItemButton type="button" aria-label={`Move field ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
            Up
          </ItemButton>
          <ItemButton type="button" aria-label={`Move field ${index + 1} down`} disabled={index === list.length - 1} onClick={() => move(index, index + 1)}>
            Down
          </ItemButton>
          <ItemButton type="button" aria-label={`Remove field ${index + 1}`} onClick={() => set(list.filter((_, at) => at !== index))}>
            Remove
          </ItemButton>
        </Entry>
      ))}
      <div>
        <ItemButton type="button" disabled={list.length >= ADDRESS_FORMAT_MAX} onClick={() => set([...list, ''])}>
          Add a field
        </ItemButton>
      </div>
      <GroupErrors id={errorsId} messages={ownMessages(errors)} />
    </Fieldset>
  );
}

const Entry = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: end;
`;
