import type { AccessSubject } from '@beacon/domain';
import { useEffect, useId, useMemo, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { ROLE_NAMES } from '../../../formatting/role-names';
import { timeZoneChoices } from '../../../formatting/time-zones';
import { lockedRolesOf, rolesToGive } from '../../../navigation/user-administration';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { Input, Select } from '../../../shared-ui/form-controls';
import { Actions, CheckboxField, Fieldset, Labelled } from '../../../shared-ui/labelled-controls';
import { Note } from '../../../shared-ui/page-layout';
import { FieldValueControl } from '../../../shared-ui/user-fields/FieldValueControl';
import type { UserAttributes } from '../../../shared-ui/user-fields/user-attributes';
import { indented, type GroupOption } from '../customer-group-options';
import { clientErrors, errorsOf, type AddUserEvent, type AddUserSnapshot } from '../machines/add-user.machine';

export const CANNOT_CREATE_TEXT = 'The user cannot be created as they are. Correct the fields marked below.';
export const DEVICES_LATER_TEXT = "You can add the user's devices on their page once they are created.";

interface AddUserFormProps {
  snapshot: AddUserSnapshot;
  send: (event: AddUserEvent) => void;
  viewer: AccessSubject;
  groups: readonly GroupOption[];
}

/**
 * Add user: email, names, customer group, role, time zone, active, message recipient and the group's
 * devices, each checked as typed. Creating opens the user's page; Cancel closes the form.
 */
export function AddUserForm({ snapshot, send, viewer, groups }: AddUserFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { context } = snapshot;
  const { attributes, deviceFields, devices } = context;
  const saving = snapshot.matches({ open: { form: 'saving' } });
  const timeZones = useMemo(() => timeZoneChoices(attributes.preferred_timezone), [attributes.preferred_timezone]);
  const groupOf = (id: string) => context.groups.find((group) => group.id === id);
  const roles = rolesToGive(viewer, lockedRolesOf(groupOf(attributes.customer_group)));
  const invalid = Object.keys(clientErrors(context)).length > 0;
  const messages = context.submitted && invalid ? [CANNOT_CREATE_TEXT, ...context.messages] : context.messages;
  const change = (patch: Partial<UserAttributes>) => send({ type: 'addUser.change', patch });

  // The form opens on its first field.
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus(), []);

  const chooseGroup = (customer_group: string) => {
    // A role the new group locks is not the caller's to give there.
    const givable = rolesToGive(viewer, lockedRolesOf(groupOf(customer_group)));
    change({ customer_group, ...(givable.includes(attributes.customer_permission) ? {} : { customer_permission: 'CONTACT' }) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    send({ type: 'addUser.save' });
    // A create the rules refuse: the keyboard goes to the first field that says why.
    if (invalid) setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>Add user</h2>
      <Form ref={formRef} aria-labelledby={titleId} noValidate onSubmit={submit}>
        {messages.length > 0 && (
          <Alert role="alert">
            {messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        )}
        <Columns>
          <Labelled label="Email" errors={errorsOf(context, 'email')}>
            {(control) => (
              <Input {...control} type="email" autoComplete="off" value={attributes.email} onChange={(event) => change({ email: event.target.value })} />
            )}
          </Labelled>
          <Labelled label="First name" errors={errorsOf(context, 'first_name')}>
            {(control) => <Input {...control} autoComplete="off" value={attributes.first_name} onChange={(event) => change({ first_name: event.target.value })} />}
          </Labelled>
          <Labelled label="Last name" errors={errorsOf(context, 'last_name')}>
            {(control) => <Input {...control} autoComplete="off" value={attributes.last_name} onChange={(event) => change({ last_name: event.target.value })} />}
          </Labelled>
          <Labelled label="Customer group" errors={errorsOf(context, 'customer_group')}>
            {(control) => (
              <Select {...control} value={attributes.customer_group} onChange={(event) => chooseGroup(event.target.value)}>
                {!groups.some((group) => group.id === attributes.customer_group) && <option value={attributes.customer_group}>My customer group</option>}
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {indented(group)}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
          <Labelled label="Role" errors={errorsOf(context, 'customer_permission')}>
            {(control) => (
              <Select {...control} value={attributes.customer_permission} onChange={(event) => change({ customer_permission: event.target.value as UserAttributes['customer_permission'] })}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_NAMES[role]}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
          <Labelled label="Preferred time zone" errors={errorsOf(context, 'preferred_timezone')}>
            {(control) => (
              <Select {...control} value={attributes.preferred_timezone} onChange={(event) => change({ preferred_timezone: event.target.value })}>
                {timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
        </Columns>
        <Flags>
          <CheckboxField label="Active" checked={attributes.is_active} errors={errorsOf(context, 'is_active')} onChange={(is_active) => change({ is_active })} />
          <CheckboxField
            label="Message recipient"
            checked={attributes.is_message_recipient}
            errors={errorsOf(context, 'is_message_recipient')}
            onChange={(is_message_recipient) => change({ is_message_recipient })}
          />
        </Flags>
        <Fieldset>
          <legend>Devices</legend>
          {snapshot.matches({ open: { deviceFields: 'loading' } }) && <Note role="status">Loading the group's device fields…</Note>}
          {snapshot.matches({ open: { deviceFields: 'loaded' } }) && deviceFields.length === 0 && <Note>The customer group has no device fields.</Note>}
          {(snapshot.matches({ open: { deviceFields: 'unavailable' } }) || snapshot.matches({ open: { deviceFields: 'failed' } })) && <Note>{DEVICES_LATER_TEXT}</Note>}
          {deviceFields.map((field) => (
            <FieldValueControl
              key={field.id}
              field={field}
              values={devices[field.id] ?? []}
              errors={errorsOf(context, field.id)}
              onChange={(values) => send({ type: 'addUser.device', fieldId: field.id, values })}
            />
          ))}
        </Fieldset>
        <Actions>
          <PrimaryButton type="submit" aria-disabled={saving || undefined}>
            {saving ? 'Creating…' : 'Create user'}
          </PrimaryButton>
          <SecondaryButton type="button" disabled={saving} onClick={() => send({ type: 'addUser.cancel' })}>
            Cancel
          </SecondaryButton>
        </Actions>
      </Form>
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px 16px;
`;

const Flags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
`;

const Alert = styled.div`
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  p {
    margin: 0;
  }
`;
