import type { CustomerGroupDto, UserDto } from '@beacon/contracts';
import { OWN_ROLE_MESSAGE, type AccessSubject } from '@beacon/domain';
import { useMemo } from 'react';
import styled from 'styled-components';
import { ROLE_NAMES } from '../../../formatting/role-names';
import { timeZoneChoices } from '../../../formatting/time-zones';
import { lockedRolesOf, mayGiveRole, rolesToGive, type UserEditAccess } from '../../../navigation/user-administration';
import { Input, Select } from '../../../shared-ui/form-controls';
import { CheckboxField, Labelled } from '../../../shared-ui/labelled-controls';
import type { UserAttributes } from '../../../shared-ui/user-fields/user-attributes';
import type { FormCalls } from '../fields-form';
import { editableAttributes, settingsFormDefinition } from '../settings-form';
import { useUserForm } from '../use-user-form';
import { UserFormFrame } from './UserFormFrame';

interface SettingsFormProps {
  user: UserDto;
  viewer: AccessSubject;
  /** 'profile': the user edits themselves (names and time zone only); 'none': shown, not changed. */
  access: UserEditAccess;
  groups: readonly CustomerGroupDto[];
  calls: Omit<FormCalls, 'dialCodeOf'>;
  reportUnsaved: (unsaved: boolean) => void;
}

/** Indents a group under its parent; groups come parents first. */
function groupChoices(groups: readonly CustomerGroupDto[]) {
  const depth = new Map<string, number>();
  return groups.map((group) => {
    const level = group.parent !== null && depth.has(group.parent) ? depth.get(group.parent)! + 1 : 0;
    depth.set(group.id, level);
    return { id: group.id, text: `${'\u00a0\u00a0\u00a0'.repeat(level)}${group.name}` };
  });
}

/** Settings: names, email, role, customer group, time zone, active and message recipient. */
export function SettingsForm({ user, viewer, access, groups, calls, reportUnsaved }: SettingsFormProps) {
  const form = useUserForm<UserAttributes>(() => settingsFormDefinition(access === 'none' ? 'all' : access, calls), user, reportUnsaved);
  const { values } = form;
  const editable = editableAttributes(access);
  const self = user.id === viewer.userId;
  const timeZones = useMemo(() => timeZoneChoices(values.preferred_timezone), [values.preferred_timezone]);
  const locksOf = (groupId: string) => lockedRolesOf(groups.find((group) => group.id === groupId));
  // The roles the viewer may give in the group chosen, and the one the user holds (which stays a choice).
  const roles = [...new Set([form.user.customer_permission, ...rolesToGive(viewer, locksOf(values.customer_group))])];
  // Moving a user gives their role to a user of that group: only groups where the viewer may give it.
  const places = groupChoices(groups).filter(
    (group) => group.id === form.user.customer_group || mayGiveRole(viewer, values.customer_permission, locksOf(group.id)),
  );
  const change = (patch: Partial<UserAttributes>) => form.change(patch);
  const text = (attribute: 'first_name' | 'last_name' | 'email', label: string, type = 'text') => (
    <Labelled label={label} errors={form.errorsOf(attribute)}>
      {(control) => <Input {...control} type={type} autoComplete="off" value={values[attribute]} onChange={(event) => change({ [attribute]: event.target.value })} />}
    </Labelled>
  );

  return (
    <UserFormFrame
      title="Settings"
      description={access === 'profile' ? 'Your name and the time zone times are shown in.' : undefined}
      form={form}
      readOnly={access === 'none'}
    >
      <Columns>
        {text('first_name', 'First name')}
        {text('last_name', 'Last name')}
        {editable.includes('email') && text('email', 'Email', 'email')}
        {editable.includes('customer_permission') && (
          <Labelled label="Role" hint={self ? OWN_ROLE_MESSAGE : undefined} errors={form.errorsOf('customer_permission')}>
            {(control) => (
              <Select
                {...control}
                value={values.customer_permission}
                disabled={self}
                onChange={(event) => change({ customer_permission: event.target.value as UserAttributes['customer_permission'] })}
              >
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_NAMES[role]}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
        )}
        {editable.includes('customer_group') && (
          <Labelled label="Customer group" errors={form.errorsOf('customer_group')}>
            {(control) => (
              <Select {...control} value={values.customer_group} onChange={(event) => change({ customer_group: event.target.value })}>
                {!places.some((group) => group.id === values.customer_group) && <option value={values.customer_group}>{values.customer_group}</option>}
                {places.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.text}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
        )}
        <Labelled label="Preferred time zone" errors={form.errorsOf('preferred_timezone')}>
          {(control) => (
            <Select {...control} value={values.preferred_timezone} onChange={(event) => change({ preferred_timezone: event.target.value })}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
      </Columns>
      {editable.includes('is_active') && (
        <Flags>
          <CheckboxField label="Active" checked={values.is_active} errors={form.errorsOf('is_active')} onChange={(is_active) => change({ is_active })} />
          <CheckboxField
            label="Message recipient"
            hint="Messages reach the user."
            checked={values.is_message_recipient}
            errors={form.errorsOf('is_message_recipient')}
            onChange={(is_message_recipient) => change({ is_message_recipient })}
          />
        </Flags>
      )}
    </UserFormFrame>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 12px 16px;
  max-width: 64rem;
`;

const Flags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
`;
